import {
  MemoryFileProvider,
  TOKENIZER_BATCH_CHARS,
  buildTreeIndex,
  generatePrompt,
  scanProject,
  type FileProvider,
  type PromptInput,
} from '@promptloom/core';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const calls: { texts: string[]; filesReadBefore: number }[] = [];
let filesRead = 0;

vi.mock('./tokenizer-client', () => ({
  tokenizer: {
    estimated: false,
    // No hashes, as when the estimate answered: the page hashes what it keeps itself.
    countManyHashed: (texts: string[]) => {
      calls.push({ texts, filesReadBefore: filesRead });
      return Promise.resolve({ counts: texts.map((t) => t.length), hashes: null });
    },
  },
}));

const { countPromptSegments } = await import('./count-segments');

/**
 * 120 files of a twentieth of a batch each, read 50 at a time (FILE_READ_BATCH): counting
 * must start before the last files are read.
 */
async function project(fill = 'x', extra = 0): Promise<PromptInput> {
  const files: Record<string, string> = {};
  for (let i = 0; i < 120; i++) {
    files[`src/file-${String(i).padStart(3, '0')}.ts`] =
      `${fill.repeat(TOKENIZER_BATCH_CHARS / 20 + extra)}\n`;
  }
  const memory = new MemoryFileProvider(files);
  const provider: FileProvider = {
    list: (dir) => memory.list(dir),
    readFile: (path) => {
      filesRead++;
      return memory.readFile(path);
    },
  };
  const scan = await scanProject(provider, 'demo');
  const index = buildTreeIndex(scan.root);
  return {
    items: [{ type: 'SELECTED_FILES_CONTENT', content: '', isActive: true }],
    finalRequest: '',
    mode: 'PROJECT',
    project: { name: 'demo', provider, root: scan.root, fileCount: 120, stats: index.stats },
    selectedFiles: index.filePaths,
  };
}

describe('countPromptSegments', () => {
  beforeEach(() => {
    calls.length = 0;
    filesRead = 0;
  });

  it('counts in batches while files are still being read, each segment once', async () => {
    const input = await project();
    const result = await countPromptSegments(input, input.project!.stats, () => false);
    expect(result!.counts).toEqual(result!.segments.map((s) => s.text.length));
    expect(calls.length).toBeGreaterThan(1);
    expect(calls[0]!.filesReadBefore).toBeLessThan(120);
    expect(calls.flatMap((c) => c.texts)).toEqual(result!.segments.map((s) => s.text));

    // Again: every file segment is known by path, size and mtime, and no file is read.
    calls.length = 0;
    filesRead = 0;
    const again = await countPromptSegments(input, input.project!.stats, () => false);
    expect(again!.counts).toEqual(result!.counts);
    expect(again!.total).toBe(result!.total);
    expect(filesRead).toBe(0);
    expect(calls.flatMap((c) => c.texts).some((t) => t.includes('xxxx'))).toBe(false);
  });

  it('reads and counts again a file whose size or mtime changed, the total exact', async () => {
    const input = await project('m', 3);
    const first = await countPromptSegments(input, input.project!.stats, () => false);
    const [touched, grown] = input.selectedFiles;
    // One file saved again (a later mtime, its text edited), one grown under the same mtime.
    const texts = new Map<string, string>([
      [touched!, `${'n'.repeat(TOKENIZER_BATCH_CHARS / 20 + 3)}\n`],
      [grown!, `${'m'.repeat(TOKENIZER_BATCH_CHARS / 20 + 9)}\n`],
    ]);
    const stats = new Map(input.project!.stats);
    stats.set(touched!, { ...stats.get(touched!)!, mtime: stats.get(touched!)!.mtime + 1 });
    stats.set(grown!, { ...stats.get(grown!)!, size: texts.get(grown!)!.length });
    const provider = input.project!.provider;
    const edited: PromptInput = {
      ...input,
      project: {
        ...input.project!,
        stats,
        provider: {
          list: (dir) => provider.list(dir),
          readFile: async (path) =>
            texts.has(path) ? new TextEncoder().encode(texts.get(path)) : provider.readFile(path),
        },
      },
    };
    calls.length = 0;
    filesRead = 0;
    const after = await countPromptSegments(edited, stats, () => false);
    // Only the two changed files went to the tokenizer (the mock counts a text's length).
    const sent = calls.flatMap((c) => c.texts);
    expect(sent).toHaveLength(2);
    expect(sent[0]).toContain('nnnn');
    expect(sent[1]).toContain('mmmmmmmm');
    const { prompt } = await generatePrompt(edited);
    expect(after!.total).toBe(prompt.length);
    expect(after!.total).toBe(first!.total + 9 - 3);
  });

  it('gives up when a newer count has started', async () => {
    const input = await project();
    let stale = false;
    const counting = countPromptSegments(input, input.project!.stats, () => stale);
    stale = true;
    expect(await counting).toBeNull();
  });

  it('answers a count whose pieces are all known without waiting for the settle pause', async () => {
    // Sizes of their own: the in-page memo knows files by path, size and mtime.
    const input = await project('k', 1);
    const first = await countPromptSegments(input, input.project!.stats, () => false);
    calls.length = 0;
    // A pause that never ends: only a count with nothing to tokenize can resolve.
    const never = new Promise<void>(() => {});
    const again = await countPromptSegments(
      input,
      input.project!.stats,
      () => false,
      undefined,
      never,
    );
    expect(again!.counts).toEqual(first!.counts);
    expect(again!.total).toBe(first!.total);
    expect(calls).toEqual([]);
  });

  it('tokenizes only after the settle pause, and drops a batch gone stale meanwhile', async () => {
    const input = await project('s', 2);
    let stale = false;
    let settle = () => {};
    const settled = new Promise<void>((resolve) => {
      settle = resolve;
    });
    const counting = countPromptSegments(
      input,
      input.project!.stats,
      () => stale,
      undefined,
      settled,
    );
    await vi.waitFor(() => expect(filesRead).toBe(120));
    expect(calls).toEqual([]);
    stale = true;
    settle();
    expect(await counting).toBeNull();
    expect(calls).toEqual([]);

    // Nothing of the dropped run was kept: the next count tokenizes every file.
    const fresh = await countPromptSegments(input, input.project!.stats, () => false);
    expect(fresh!.counts).toEqual(fresh!.segments.map((s) => s.text.length));
    expect(calls.flatMap((c) => c.texts).filter((t) => t.includes('ssss'))).toHaveLength(120);
  });
});
