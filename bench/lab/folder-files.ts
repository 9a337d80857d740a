import { readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** Every regular file under `folder`, as absolute paths sorted, for the lab's cost scripts. */
export async function filesUnder(folder: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (at: string) => {
    for (const entry of await readdir(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if (entry.isFile()) out.push(path);
    }
  };
  await walk(folder);
  return out.sort();
}
