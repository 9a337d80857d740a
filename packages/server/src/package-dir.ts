import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The server package's folder, found from this module's own place: src/… when run from
 * source (tests, `npm run dev`), dist/ in the compiled start. Files read at run time (the
 * migrations, the gitignore templates, the web build) are named from it, not from a
 * relative depth that differs between the two.
 */
export const SERVER_PACKAGE_DIR = findPackageDir(import.meta.dirname);

function findPackageDir(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'drizzle')) && existsSync(path.join(dir, 'package.json'))) {
      return dir;
    }
    if (path.dirname(dir) === dir) throw new Error(`no server package above ${from}`);
  }
}
