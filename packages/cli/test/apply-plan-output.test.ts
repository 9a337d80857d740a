import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { promptloom, tempDir, testProject } from './support';

const FILES = {
  'README.md': '# Demo\n\nUse promptloom as the project name.\nIt packs files.\n',
  'src/a.ts': 'export const a = 1;\n',
  deploy: '#!/bin/sh\necho old\n',
};

const fence = '```';
const sr = (search: string, replace: string) =>
  `${fence}\n<<<<<<< SEARCH\n${search}\n=======\n${replace}\n>>>>>>> REPLACE\n${fence}\n`;

/** A second round: one block applied before, one a word off, one file named without an extension. */
const ANSWER = [
  'src/a.ts',
  sr('export const a = 0;', 'export const a = 1;'),
  'README.md',
  sr('Use promptloom for the project name.', 'Use Promptloom as the project name.'),
  '**deploy**',
  '',
  `${fence}sh`,
  '#!/bin/sh',
  'echo new',
  fence,
].join('\n');

describe('promptloom apply prints what is already applied and what is close', () => {
  it('on a real folder: already applied, the closest region with its words marked, and a file named as it exists', async () => {
    const project = await testProject(FILES);
    const run = await promptloom(['apply', '--dir', project.dir], {
      env: { XDG_CACHE_HOME: await tempDir('promptloom-cache-') },
      input: ANSWER,
    });
    expect(run.code, run.stderr).toBe(1);
    const lines = run.stderr.split('\n');
    expect(lines).toContain('  already applied src/a.ts  1 block already applied');
    expect(lines).toContain('  failed   README.md');
    expect(run.stderr).toMatch(
      /block 2: the search text is not in README\.md; the closest line is 3 \(\d+ % alike\)/,
    );
    const region = lines.findIndex(
      (line) => line.trim() === 'line 3 of the file, [-the block-] {+the file+}:',
    );
    expect(region).toBeGreaterThan(-1);
    expect(lines[region + 1]?.trim()).toBe('Use promptloom [-for-]{+as+} the project name.');
    // The region is printed once, not a line per word.
    expect(run.stderr.split('the project name.').length).toBe(2);
    expect(lines).toContain('  modified deploy  +1 −1');
    expect(run.stderr).toContain('1 file written, 1 already applied (not written again), 1 failed');
    expect(await readFile(join(project.dir, 'deploy'), 'utf8')).toBe('#!/bin/sh\necho new\n');
    expect(await readFile(join(project.dir, 'README.md'), 'utf8')).toBe(FILES['README.md']);
    expect(await readFile(join(project.dir, 'src/a.ts'), 'utf8')).toBe(FILES['src/a.ts']);
  });
});
