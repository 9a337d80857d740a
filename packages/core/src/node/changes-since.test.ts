import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { NodeFileProvider } from './file-provider';
import { removeFile, touch, writeFixture, writeText } from './test-fixture';
import { scanProject } from '../tree/scan';
import { buildTreeIndex } from '../tree/tree-index';
import type { FileStat } from '../tree/types';
import { generatePrompt } from '../prompt/assemble';
import { changesSincePrompt, changesText, type PreviousPrompt } from '../prompt/changes-since';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function fixture(files: Record<string, string | Uint8Array>) {
  const made = await writeFixture(files);
  cleanups.push(made.cleanup);
  return made.dir;
}

async function project(dir: string) {
  const provider = new NodeFileProvider(dir);
  const { root } = await scanProject(provider, 'demo', {});
  const index = buildTreeIndex(root);
  return { name: 'demo', provider, root, fileCount: index.filePaths.length, stats: index.stats };
}

/** What a history entry records: the tree's stats and the texts of the files in the prompt. */
async function snapshot(dir: string, inPrompt: string[]): Promise<PreviousPrompt> {
  const { stats } = await project(dir);
  const structure: Record<string, FileStat> = Object.fromEntries(stats);
  const contents: Record<string, string> = {};
  for (const path of inPrompt) contents[path] = await readFile(join(dir, path), 'utf8');
  return { at: '2026-11-25T10:00:00.000Z', structure, contents };
}

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'] });

const BEFORE = {
  'src/app.ts': 'import { a } from "./a";\n\nexport function run() {\n  return a(1);\n}\n',
  'src/windows.txt': 'one\r\ntwo\r\nthree\r\n',
  'src/no-newline.txt': 'last line without newline',
  'src/old.ts': 'export const old = true;\n',
  'src/outside.ts': 'not in the prompt\n',
  'dir with space/notes.md': '# Notes\n\n- first\n',
};

describe('changesSincePrompt', () => {
  it('diffs what changed since the last prompt so that git apply turns then into now', async () => {
    const dir = await fixture(BEFORE);
    const previous = await snapshot(
      dir,
      Object.keys(BEFORE).filter((p) => p !== 'src/outside.ts'),
    );
    const then = await fixture(BEFORE);

    await writeText(
      dir,
      'src/app.ts',
      'import { a } from "./a";\n\nexport function run() {\n  return a(2) + 1;\n}\n',
    );
    await writeText(dir, 'src/windows.txt', 'one\r\nTWO\r\nthree\r\n');
    await writeText(dir, 'src/no-newline.txt', 'last line, still without newline');
    await removeFile(dir, 'src/old.ts');
    await writeText(dir, 'src/new.ts', 'export const added = 1;\n');
    await writeText(dir, 'dir with space/notes.md', '# Notes\n\n- first\n- second\n');
    await writeText(dir, 'src/outside.ts', 'not in the prompt, changed\n');
    const now = await project(dir);

    const changes = await changesSincePrompt(previous, now);
    expect(changes.since).toBe(previous.at);
    // Its earlier text was not in the prompt: named, never guessed.
    expect(changes.unshown).toEqual([{ path: 'src/outside.ts', change: 'modified' }]);

    git(then, 'init', '-q');
    execFileSync('git', ['apply', '--whitespace=nowarn', '-'], { cwd: then, input: changes.diff });
    for (const path of [
      'src/app.ts',
      'src/windows.txt',
      'src/no-newline.txt',
      'src/new.ts',
      'dir with space/notes.md',
    ]) {
      expect(await readFile(join(then, path)), path).toEqual(await readFile(join(dir, path)));
    }
    await expect(readFile(join(then, 'src/old.ts'))).rejects.toThrow(/ENOENT/);
  });

  it('leaves out a file touched without a change of text', async () => {
    const dir = await fixture({ 'a.txt': 'same\n' });
    const previous = await snapshot(dir, ['a.txt']);
    await touch(dir, 'a.txt', 1_900_000_000);
    const changes = await changesSincePrompt(previous, await project(dir));
    expect(changes).toEqual({ since: previous.at, diff: '', unshown: [] });
    expect(changesText(changes, 'en')).toBe(
      `No file of the project changed since the last prompt (${previous.at}).`,
    );
  });

  it('says there is nothing to compare with when the project has no earlier prompt', async () => {
    const dir = await fixture({ 'a.txt': 'x\n' });
    const changes = await changesSincePrompt(null, await project(dir));
    expect(changes).toEqual({ since: null, diff: '', unshown: [] });
    expect(changesText(changes, 'fr')).toBe(
      "Ce projet n'a pas de prompt précédent : rien à comparer.",
    );
  });
});

describe('the CHANGES_SINCE_LAST_PROMPT block in a prompt', () => {
  it('writes the diff in each format and in the blocks’ language', async () => {
    const dir = await fixture({ 'a.txt': 'one\n' });
    const previousPrompt = await snapshot(dir, ['a.txt']);
    await writeText(dir, 'a.txt', 'one\ntwo\n');
    const base = {
      mode: 'PROJECT' as const,
      project: await project(dir),
      items: [{ type: 'CHANGES_SINCE_LAST_PROMPT' as const, content: '', isActive: true }],
      finalRequest: '',
      selectedFiles: [],
      previousPrompt,
    };
    const diff =
      'diff --git a/a.txt b/a.txt\n--- a/a.txt\n+++ b/a.txt\n@@ -1,1 +1,2 @@\n one\n+two\n';

    const markdown = await generatePrompt({ ...base, format: 'markdown' });
    expect(markdown.prompt).toBe(
      `## Changes since last prompt\n\nThe files of the project changed since the last prompt (${previousPrompt.at}), as a unified diff:\n\n\`\`\`diff\n${diff}\`\`\``,
    );
    const xml = await generatePrompt({ ...base, format: 'xml', language: 'fr' });
    expect(xml.prompt).toBe(
      `<changes_since_last_prompt>\nLes fichiers du projet modifiés depuis le dernier prompt (${previousPrompt.at}), en diff unifié :\n\n${diff}</changes_since_last_prompt>`,
    );
    const standalone = await generatePrompt({
      ...base,
      mode: 'STANDALONE',
      project: null,
      items: [...base.items, { type: 'STATIC', content: 'x', isActive: true }],
    });
    expect(standalone.prompt).toBe('x');
  });
});
