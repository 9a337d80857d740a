import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_SIZE_LIMIT_BYTES, PROMPT_SECTION_SEPARATOR } from '../limits';
import { NodeFileProvider } from '../node/file-provider';
import { writeFixture } from '../node/test-fixture';
import { scanProject } from '../tree/scan';
import { buildTreeIndex } from '../tree/tree-index';
import { GenerationError } from './generation-checks';
import { generatePrompt, promptSegments } from './assemble';
import { type PromptInput, type PromptItem, type PromptSegment } from './prompt-types';
import { serializeDynamicTaskContent } from './dynamic-task';
import { renderFileBlock } from './file-block';

let fixture: Awaited<ReturnType<typeof writeFixture>>;
let project: NonNullable<PromptInput['project']>;

beforeAll(async () => {
  fixture = await writeFixture({
    'src/main.ts': 'console.log(1);\n',
    'docs/readme.md': 'Use it:\n```sh\nnpm i\n```\n',
    'big.txt': 'x'.repeat(FILE_SIZE_LIMIT_BYTES + 1),
    'logo.png': new Uint8Array([137, 80, 78, 71]),
    'data.bin2': new Uint8Array([104, 105, 0, 1]),
    'node_modules/x/index.js': 'ignored',
  });
  const provider = new NodeFileProvider(fixture.dir);
  const { root } = await scanProject(provider, 'demo', { corePatterns: ['node_modules/'] });
  const index = buildTreeIndex(root);
  project = { name: 'demo', provider, root, fileCount: index.filePaths.length, stats: index.stats };
});
afterAll(() => fixture.cleanup());

/** The fixture project, with the paths it is asked to read in `read`, in order. */
function recordingReads() {
  const read: string[] = [];
  const recorded = {
    ...project,
    provider: {
      list: (dir: string) => project.provider.list(dir),
      readFile: (path: string) => {
        read.push(path);
        return project.provider.readFile(path);
      },
    },
  };
  return { read, project: recorded };
}

const item = (type: PromptItem['type'], content = '', isActive = true): PromptItem => ({
  type,
  content,
  isActive,
});

describe('generatePrompt', () => {
  it('writes active sections in composition order joined by the separator line', async () => {
    const { prompt } = await generatePrompt({
      mode: 'PROJECT',
      project,
      items: [
        item('STATIC', 'You are a reviewer.'),
        item('STATIC', 'inactive text', false),
        item('DYNAMIC_TASK', serializeDynamicTaskContent({ prefix: 'Task:', suffix: '' })),
        item('PROJECT_INFO'),
        item('PROJECT_STRUCTURE'),
        item('SELECTED_FILES_CONTENT'),
      ],
      finalRequest: 'Fix the bug',
      selectedFiles: ['src/main.ts', 'docs/readme.md'],
      date: new Date('2026-01-02T03:04:05Z'),
      timeZone: 'UTC',
    });
    const sections = prompt.split(`\n\n${PROMPT_SECTION_SEPARATOR}\n\n`);
    expect(sections).toHaveLength(5);
    expect(sections[0]).toBe('You are a reviewer.');
    expect(sections[1]).toBe('Task:\n\nFix the bug');
    expect(sections[2]).toBe(
      'Project: demo\nFiles: 5\nSelected files: 2\nDate: January 2, 2026 at 3:04 AM',
    );
    expect(sections[3]).toContain('demo/\n├── docs/\n│   └── readme.md\n├── src/\n│   └── main.ts');
    expect(sections[3]).not.toContain('node_modules');
    expect(sections[4]).toBe(
      'File: src/main.ts\n```typescript\nconsole.log(1);\n```\n\n' +
        'File: docs/readme.md\n````markdown\nUse it:\n```sh\nnpm i\n```\n````',
    );
  });

  it('skips empty dynamic-task parts and an empty task entirely', async () => {
    const base = { mode: 'STANDALONE' as const, project: null, selectedFiles: [] };
    const task = item(
      'DYNAMIC_TASK',
      serializeDynamicTaskContent({ prefix: '', suffix: 'Thanks' }),
    );
    expect((await generatePrompt({ ...base, items: [task], finalRequest: '' })).prompt).toBe(
      'Thanks',
    );
    const empty = item('DYNAMIC_TASK', '');
    const out = await generatePrompt({
      ...base,
      items: [item('STATIC', 'A'), empty],
      finalRequest: ' ',
    });
    expect(out.prompt).toBe('A');
  });

  it('leaves project sections out in standalone mode', async () => {
    const { prompt } = await generatePrompt({
      mode: 'STANDALONE',
      project: null,
      items: [item('STATIC', 'Hello'), item('PROJECT_STRUCTURE'), item('SELECTED_FILES_CONTENT')],
      finalRequest: '',
      selectedFiles: [],
    });
    expect(prompt).toBe('Hello');
  });

  it('skips too-large and binary files with their message', async () => {
    const { prompt, skipped } = await generatePrompt({
      mode: 'PROJECT',
      project,
      items: [item('SELECTED_FILES_CONTENT')],
      finalRequest: '',
      selectedFiles: ['big.txt', 'logo.png', 'data.bin2', 'src/main.ts'],
      batchSize: 2,
    });
    expect(skipped.map((s) => [s.path, s.reason])).toEqual([
      ['big.txt', 'too-large'],
      ['logo.png', 'binary'],
      ['data.bin2', 'binary'],
    ]);
    expect(skipped[0]!.message).toBe('Fichier ignoré car trop volumineux (> 1MB): big.txt');
    expect(prompt).toBe('File: src/main.ts\n```typescript\nconsole.log(1);\n```');
  });

  it('refuses without a project in project mode, and with an empty composition', async () => {
    const input = { items: [], finalRequest: '', selectedFiles: [] };
    await expect(generatePrompt({ ...input, mode: 'PROJECT', project: null })).rejects.toThrow(
      "Le projet ou le fournisseur de fichiers n'est pas prêt.",
    );
    await expect(generatePrompt({ ...input, mode: 'STANDALONE', project: null })).rejects.toThrow(
      new GenerationError('COMPOSITION_EMPTY'),
    );
  });

  it('leaves a file the counter knows unread, never when generating', async () => {
    const { read, project: counted } = recordingReads();
    const input: PromptInput = {
      mode: 'PROJECT',
      project: counted,
      items: [item('STATIC', 'Look:'), item('SELECTED_FILES_CONTENT')],
      finalRequest: '',
      selectedFiles: ['src/main.ts', 'docs/readme.md', 'logo.png'],
      knownFile: (path) => path !== 'docs/readme.md',
    };
    const segments: PromptSegment[] = [];
    for await (const segment of promptSegments(input)) segments.push(segment);
    // Only the unknown file is read; the binary one is left out unread, as before.
    expect(read).toEqual(['docs/readme.md']);
    const [main, readme] = segments.filter((s) => s.kind === 'file');
    expect(main!.text).toBe(main!.lead! + main!.trail!);
    expect(readme!.unread).toBeUndefined();
    expect(readme!.text).toBe(
      readme!.lead +
        renderFileBlock('docs/readme.md', 'Use it:\n```sh\nnpm i\n```\n') +
        readme!.trail,
    );
    // Read when asked, the unread segment is the one a read gives.
    const whole = (await main!.unread!()) + readme!.text;
    const { prompt } = await generatePrompt(input);
    expect(prompt).toBe(segments[0]!.text + whole);
    // Generating reads every file: the prompt holds real contents.
    expect(prompt).toContain('console.log(1);');
    expect(read.filter((p) => p === 'src/main.ts')).toHaveLength(2);
  });

  it('reads the selected files while the parts before them are written', async () => {
    const { read, project: recorded } = recordingReads();
    // The readme changed since the last prompt: the block before the files reads it.
    const structure = Object.fromEntries(project.stats!);
    structure['docs/readme.md'] = { size: 1, mtime: 1 };
    const input: PromptInput = {
      mode: 'PROJECT',
      project: recorded,
      items: [item('CHANGES_SINCE_LAST_PROMPT'), item('SELECTED_FILES_CONTENT')],
      finalRequest: '',
      selectedFiles: ['src/main.ts'],
      previousPrompt: {
        at: '2026-01-01T00:00:00Z',
        structure,
        contents: { 'docs/readme.md': 'x' },
      },
    };
    const { prompt } = await generatePrompt(input);
    expect(read).toEqual(['src/main.ts', 'docs/readme.md']);
    // Still written in the composition's order.
    expect(prompt.indexOf('docs/readme.md')).toBeLessThan(prompt.indexOf('console.log(1);'));
  });

  it('picks a fence longer than any backtick run in the content', () => {
    expect(renderFileBlock('a.md', 'x ````` y')).toBe(
      'File: a.md\n``````markdown\nx ````` y\n``````',
    );
    expect(renderFileBlock('Makefile', 'all:')).toBe('File: Makefile\n```makefile\nall:\n```');
  });
});
