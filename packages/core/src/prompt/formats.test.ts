import { get_encoding } from 'tiktoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NodeFileProvider } from '../node/file-provider';
import { writeFixture } from '../node/test-fixture';
import { scanProject } from '../tree/scan';
import { buildTreeIndex } from '../tree/tree-index';
import { type PromptInput, type PromptItem } from './prompt-types';
import { generatePrompt, promptSegments } from './assemble';
import { serializeDynamicTaskContent } from './dynamic-task';
import { PROMPT_FORMATS, type PromptFormat } from './formats';
import type { FileInclusionMode } from './segments';

/** The reference counts (OpenAI's tiktoken), made once for the file. */
const TIKTOKEN = [get_encoding('cl100k_base'), get_encoding('o200k_base')];
afterAll(() => TIKTOKEN.forEach((encoding) => encoding.free()));

let fixture: Awaited<ReturnType<typeof writeFixture>>;
let project: NonNullable<PromptInput['project']>;

beforeAll(async () => {
  fixture = await writeFixture({
    'src/a.ts': 'export const a = 1;\n  indented();\n',
    'docs/readme.md': 'Use it:\n````sh\nnpm i\n````\n',
    'src/b "q".ts': 'const b = 2;',
  });
  const provider = new NodeFileProvider(fixture.dir);
  const { root } = await scanProject(provider, 'demo', { corePatterns: [] });
  const index = buildTreeIndex(root);
  project = { name: 'demo', provider, root, fileCount: index.filePaths.length, stats: index.stats };
});
afterAll(() => fixture.cleanup());

const item = (type: PromptItem['type'], content = '', name?: string): PromptItem => ({
  type,
  content,
  isActive: true,
  ...(name === undefined ? {} : { name }),
});

const ITEMS = [
  item('STATIC', 'You are a reviewer.', 'Role'),
  item('PROJECT_INFO'),
  item('PROJECT_STRUCTURE'),
  item('SELECTED_FILES_CONTENT'),
  item('DYNAMIC_TASK', serializeDynamicTaskContent({ prefix: 'Task:', suffix: '' })),
];

function input(format: PromptFormat, extra: Partial<PromptInput> = {}): PromptInput {
  return {
    mode: 'PROJECT',
    project,
    items: ITEMS,
    finalRequest: 'Fix the bug',
    selectedFiles: ['src/a.ts', 'docs/readme.md'],
    date: new Date('2026-01-02T03:04:05Z'),
    timeZone: 'UTC',
    format,
    ...extra,
  };
}

const render = async (format: PromptFormat, extra?: Partial<PromptInput>) =>
  (await generatePrompt(input(format, extra))).prompt;

describe('prompt formats', () => {
  it('sections is the default and the original output', async () => {
    const sections = await render('sections');
    const { format: _none, ...withoutFormat } = input('sections');
    expect((await generatePrompt(withoutFormat)).prompt).toBe(sections);
    expect(sections).toContain(`\n\n${'='.repeat(80)}\n\nFile: src/a.ts\n\`\`\`typescript\n`);
  });

  it('xml: each file as <file path>, blocks and the task as named elements', async () => {
    const xml = await render('xml');
    const parts = xml.split('\n\n<');
    expect(parts[0]).toBe('<instructions name="Role">\nYou are a reviewer.\n</instructions>');
    expect(parts[1]).toBe(
      'project_info>\nProject: demo\nFiles: 3\nSelected files: 2\nDate: January 2, 2026 at 3:04 AM\n</project_info>',
    );
    expect(parts[2]).toMatch(/^directory_structure>\ndemo\/\n[^]*\n<\/directory_structure>$/);
    expect(xml).toContain(
      '\n\n<files>\n<file path="src/a.ts">\nexport const a = 1;\n  indented();\n</file>\n\n' +
        '<file path="docs/readme.md">\nUse it:\n````sh\nnpm i\n````\n</file>\n</files>\n\n',
    );
    expect(xml.endsWith('</files>\n\n<task>\nTask:\n\nFix the bug\n</task>')).toBe(true);
  });

  it('xml escapes what would break an attribute, not the contents', async () => {
    const xml = await render('xml', {
      items: [item('SELECTED_FILES_CONTENT')],
      selectedFiles: ['src/b "q".ts'],
    });
    expect(xml).toBe(
      '<files>\n<file path="src/b &quot;q&quot;.ts">\nconst b = 2;\n</file>\n</files>',
    );
  });

  it('markdown: headings, and fences longer than any backtick run inside', async () => {
    const md = await render('markdown');
    expect(md.startsWith('## Role\n\nYou are a reviewer.\n\n## Project\n\n- Project: demo\n')).toBe(
      true,
    );
    expect(md).toContain('## Directory structure\n\n```\ndemo/\n');
    expect(md).toContain(
      '## Files\n\n### src/a.ts\n\n```typescript\nexport const a = 1;\n  indented();\n```\n\n' +
        '### docs/readme.md\n\n`````markdown\nUse it:\n````sh\nnpm i\n````\n`````',
    );
    expect(md.endsWith('\n\n## Task\n\nTask:\n\nFix the bug')).toBe(true);
  });

  it('plain: no markup, each file under its File line', async () => {
    const plain = await render('plain');
    expect(plain).not.toMatch(/```(typescript|markdown)/);
    expect(plain).not.toContain('<file');
    expect(plain).toContain(
      `File: src/a.ts\n${'-'.repeat(16)}\nexport const a = 1;\n  indented();\n${'-'.repeat(16)}\n\nFile: docs/readme.md\n`,
    );
    expect(plain.endsWith('\n\nTask:\n\nFix the bug')).toBe(true);
  });

  it('renders the inclusion mode of each file in every format; path mode reads nothing', async () => {
    const modes = new Map<string, FileInclusionMode>([
      ['src/a.ts', 'outline'],
      ['docs/readme.md', 'path'],
    ]);
    const outlined: string[] = [];
    const extra: Partial<PromptInput> = {
      items: [item('SELECTED_FILES_CONTENT')],
      fileModes: modes,
      outline: (path) => {
        outlined.push(path);
        return 'export const a';
      },
    };
    const expected: Record<PromptFormat, string> = {
      sections:
        'File: src/a.ts (outline)\n```typescript\nexport const a\n```\n\nFile: docs/readme.md',
      xml: '<files>\n<file path="src/a.ts" mode="outline">\nexport const a\n</file>\n\n<file path="docs/readme.md" mode="path" />\n</files>',
      markdown:
        '## Files\n\n### src/a.ts (outline)\n\n```typescript\nexport const a\n```\n\n### docs/readme.md',
      plain: `File: src/a.ts (outline)\n${'-'.repeat(16)}\nexport const a\n${'-'.repeat(16)}\n\nFile: docs/readme.md`,
    };
    for (const format of PROMPT_FORMATS) {
      const result = await generatePrompt(input(format, extra));
      expect(result.prompt).toBe(expected[format]);
      // The history keeps what was read: the outlined file whole, the path-only one not at all.
      expect([...result.contents.keys()]).toEqual(['src/a.ts']);
    }
    expect(outlined).toEqual(PROMPT_FORMATS.map(() => 'src/a.ts'));
    // Without an outline the file goes in whole.
    const whole = await render('xml', { ...extra, outline: undefined });
    expect(whole).toContain('<file path="src/a.ts">\nexport const a = 1;\n');
  });

  it.each(PROMPT_FORMATS)(
    '%s: segment counts add up to the whole prompt (cl100k and o200k), file segments start visibly',
    async (format) => {
      for (const items of [ITEMS, [item('SELECTED_FILES_CONTENT'), item('STATIC', 'After.')]]) {
        const segments = [];
        for await (const segment of promptSegments(input(format, { items })))
          segments.push(segment);
        const prompt = segments.map((s) => s.text).join('');
        expect(prompt).toBe(await render(format, { items }));
        const files = segments.filter((s) => s.kind === 'file');
        expect(files.map((s) => s.path)).toEqual(['src/a.ts', 'docs/readme.md']);
        for (const s of segments) expect(s.text).toMatch(/^\S/);
        for (const encoding of TIKTOKEN) {
          const count = (text: string) => encoding.encode_ordinary(text).length;
          const sum = segments.reduce((total, s) => total + count(s.text), 0);
          expect(sum).toBe(count(prompt));
        }
      }
    },
  );
});
