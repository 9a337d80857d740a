// Writes a fit-planner layout fixture (packages/core/src/fit/fixtures/*.json) from a real
// folder: every file the app would list, with its tokens in each inclusion mode (cl100k,
// the sections format, the outline the app would make) and the structure block's
// tokens. The planner's tests then run on a real repository's shape without its files.
// Usage: node --import tsx scripts/fit-layout-fixture.ts <folder> <source note> <out.json>,
// then npx prettier --write <out.json>.
import { writeFile } from 'node:fs/promises';
import { CORE_SYSTEM_IGNORE_PATTERNS } from '../packages/core/src/index';
import { OutlinePool, ProjectPacker } from '../packages/core/src/node/index';

const [dir, source, out] = process.argv.slice(2);
if (!dir || !source || !out) throw new Error('usage: <folder> <source note> <out.json>');

const outliner = new OutlinePool();
const packer = new ProjectPacker(dir, {
  corePatterns: CORE_SYSTEM_IGNORE_PATTERNS,
  outline: async (path, content) =>
    (await outliner.outlineMany([{ path, text: content }]))[0] ?? null,
});
try {
  const result = await packer.pack();
  const [full, outline, path] = await Promise.all([
    packer.segmentCounts(result.files, 'full'),
    packer.segmentCounts(result.files, 'outline'),
    packer.segmentCounts(result.files, 'path'),
  ]);
  const files = result.files.map((file) => {
    const fullTokens = full.get(file) ?? 0;
    const outlineTokens = outline.get(file);
    return {
      path: file,
      full: fullTokens,
      pathTokens: path.get(file) ?? 0,
      ...(outlineTokens !== undefined && outlineTokens < fullTokens
        ? { outline: outlineTokens }
        : {}),
    };
  });
  const filesTotal = files.reduce((sum, file) => sum + file.full, 0);
  const fixture = {
    source,
    counted: 'cl100k_base, sections format, default composition (structure + files)',
    totalTokens: result.totalTokens,
    otherTokens: result.totalTokens - filesTotal,
    files,
  };
  // One file a line: the fixture stays readable and diffs by file.
  const lines = fixture.files.map((file) => `  ${JSON.stringify(file)}`).join(',\n');
  const head = JSON.stringify({ ...fixture, files: [] }, null, 2).replace(/\[\]\n\}$/, '');
  await writeFile(out, `${head}[\n${lines}\n]}\n`);
  console.log(`${files.length} files, ${result.totalTokens} tokens → ${out}`);
} finally {
  await packer.close();
  await outliner.close();
}
