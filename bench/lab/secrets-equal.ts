// Checks that the keyword-filtered secret scan finds exactly what secretlint's full rule set
// finds (every rule over every text): `node --import tsx bench/lab/secrets-equal.ts DIR...`
// compares every file under the folders (the bench corpora by default; secretlint's own test
// snapshots are a good second input) and exits 1 on any difference.
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { scanText } from '@promptloom/core/secrets';
import { referenceScanText } from '@promptloom/core/secrets/reference';

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

let dirs = process.argv.slice(2);
if (dirs.length === 0) {
  const { ensureCorpora } = await import('../corpora');
  dirs = (await ensureCorpora()).map((corpus) => corpus.dir);
}
let differences = 0;
for (const dir of dirs) {
  let files = 0;
  let findings = 0;
  let filteredMs = 0;
  let referenceMs = 0;
  for await (const file of filesUnder(dir)) {
    const content = await readFile(file, 'utf8');
    const path = relative(dir, file);
    let started = performance.now();
    const ours = await scanText(path, content);
    filteredMs += performance.now() - started;
    started = performance.now();
    const reference = await referenceScanText(path, content);
    referenceMs += performance.now() - started;
    files++;
    findings += reference.length;
    if (JSON.stringify(ours) !== JSON.stringify(reference)) {
      differences++;
      console.log(
        `DIFFERENT ${file}\n  ours ${JSON.stringify(ours)}\n  full ${JSON.stringify(reference)}`,
      );
    }
  }
  console.log(
    `${dir}: ${files} files, ${findings} findings; keyword-filtered ${Math.round(filteredMs)} ms, every rule ${Math.round(referenceMs)} ms`,
  );
}
console.log(`${differences} files differ`);
process.exit(differences === 0 ? 0 : 1);
