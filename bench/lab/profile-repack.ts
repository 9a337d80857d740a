// Profiles only the warm re-pack (after a cold pack): BENCH corpus dir + changed file.
import { Session } from 'node:inspector/promises';
import { readFile, writeFile, stat, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { CORE_SYSTEM_IGNORE_PATTERNS } from '@promptloom/core';
import { ProjectPacker } from '@promptloom/core/node';

const [dir, changePath, out] = process.argv.slice(2) as [string, string, string];
const packer = new ProjectPacker(dir, { corePatterns: CORE_SYSTEM_IGNORE_PATTERNS });
const cold = await packer.pack();
const file = join(dir, changePath);
const original = await readFile(file);
const { atime, mtime } = await stat(file);
const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.start');
try {
  await writeFile(file, `${original.toString()}\n// edited\n`);
  const started = performance.now();
  const warm = await packer.pack();
  console.log({ cold: cold.timings, warm: warm.timings, ms: performance.now() - started });
} finally {
  const { profile } = await session.post('Profiler.stop');
  await writeFile(out, JSON.stringify(profile));
  await writeFile(file, original);
  await utimes(file, atime, mtime);
  await packer.close();
}
