import { describe, expect, it } from 'vitest';
import type { FileProvider } from '../files/provider';
import { MemoryFileProvider } from '../files/memory-provider';
import { type PromptInput, type PromptSegment } from '../prompt/prompt-types';
import { generatePrompt, promptSegmentBatches } from '../prompt/assemble';
import { serializeDynamicTaskContent } from '../prompt/dynamic-task';
import { countCl100k } from '../tokens/count-cl100k.js';
import { scanProject } from '../tree/scan';
import { buildTreeIndex } from '../tree/tree-index';
import {
  type CountPiece,
  type CountingEnvironment,
  type SegmentMemo,
  boundaryOf,
  countSegments,
} from './count-pieces';

const FILES = 60;

/** A project of FILES files read `batchSize` at a time, with blocks, its tree and the task. */
async function project(memory: MemoryFileProvider, reads: string[]): Promise<PromptInput> {
  const provider: FileProvider = {
    list: (dir) => memory.list(dir),
    readFile: (path) => {
      reads.push(path);
      return memory.readFile(path);
    },
  };
  const { root } = await scanProject(provider, 'demo');
  const index = buildTreeIndex(root);
  return {
    items: [
      { type: 'STATIC', content: 'You review code.', isActive: true },
      { type: 'PROJECT_STRUCTURE', content: '', isActive: true },
      { type: 'SELECTED_FILES_CONTENT', content: '', isActive: true },
      {
        type: 'DYNAMIC_TASK',
        content: serializeDynamicTaskContent({ prefix: 'Task:', suffix: 'Be brief.' }),
        isActive: true,
      },
    ],
    finalRequest: '',
    mode: 'PROJECT',
    project: { name: 'demo', provider, root, fileCount: FILES, stats: index.stats },
    selectedFiles: index.filePaths,
    batchSize: 25,
  };
}

/**
 * What a caller remembers, as the packer and the web app do: file segments by path, size,
 * mtime and glue (with their boundary classes), other pieces by text. `crossed` counts file
 * segments handled after a microtask turn that began within their batch.
 */
function memory(stats: () => PromptInput['project']) {
  const files = new Map<string, { size: number; mtime: number; memo: SegmentMemo }>();
  const paths = new Map<string, { size: number; mtime: number }>();
  const others = new Map<string, number>();
  const tokenized: string[] = [];
  const batchOf = new WeakMap<PromptSegment, readonly PromptSegment[]>();
  let last: readonly PromptSegment[] | undefined;
  let turn = { ended: false };
  let crossed = 0;
  const glueKey = (s: PromptSegment) => `${s.path}\0${s.lead ?? ''}\0${s.trail ?? ''}`;
  const statOf = (path: string) => stats()!.stats!.get(path)!;
  const env: CountingEnvironment = {
    count: (pieces: readonly CountPiece[]) => {
      tokenized.push(...pieces.map((p) => p.text));
      return Promise.resolve({ counts: pieces.map((p) => countCl100k(p.text)), findings: null });
    },
    recall: (segment) => {
      const batch = batchOf.get(segment);
      if (batch === last) {
        if (turn.ended) crossed++;
      } else {
        last = batch;
        const started = { ended: false };
        turn = started;
        queueMicrotask(() => (started.ended = true));
      }
      const known = files.get(glueKey(segment));
      const stat = statOf(segment.path!);
      return known && known.size === stat.size && known.mtime === stat.mtime
        ? known.memo
        : undefined;
    },
    lookup: (piece) => {
      const count = piece.path === null ? others.get(piece.text) : undefined;
      return count === undefined ? undefined : { count };
    },
    keep: (piece, { count }, how) => {
      if (how === 'recalled') return;
      if (piece.path === null) {
        others.set(piece.text, count);
        return;
      }
      const { size, mtime } = statOf(piece.path);
      const memo = { count, ...boundaryOf(piece.text) };
      files.set(glueKey(piece.segment!), { size, mtime, memo });
      paths.set(piece.path, { size, mtime });
    },
    checkpoint: () => undefined,
  };
  const knows = (path: string) => {
    const stat = statOf(path);
    const kept = paths.get(path);
    return kept?.size === stat.size && kept.mtime === stat.mtime;
  };
  // The assembly's batches; `split`: each segment alone after a turn, as files come when
  // every one is read.
  const tagged = async function* (input: PromptInput, split = false) {
    for await (const batch of promptSegmentBatches(input)) {
      for (const segment of batch) batchOf.set(segment, batch);
      if (!split) yield batch;
      else for (const segment of batch) yield [await Promise.resolve(segment)];
    }
  };
  return { env, tokenized, knows, tagged, crossed: () => crossed };
}

describe('countSegments over batches of known segments', () => {
  it('answers known files unread in one pass per batch, to the same total as reading them all', async () => {
    const files: Record<string, { content: string; mtime: number }> = {};
    for (let i = 0; i < FILES; i++) {
      const name = `src/part-${String(i).padStart(2, '0')}.ts`;
      files[name] = { content: `export const part${i} = ${i * 7};\n`, mtime: 1 };
    }
    const store = new MemoryFileProvider(files);
    const reads: string[] = [];
    let input = await project(store, reads);
    const remembered = memory(() => input.project);
    const first = await countSegments(remembered.tagged(input), remembered.env);

    // A file saved since with other content: the tree's stats give its new size and mtime.
    const changed = 'src/part-31.ts';
    store.write(changed, 'export const part31 = "changed since";\n', 2);
    input = await project(store, reads);
    reads.length = 0;
    remembered.tokenized.length = 0;
    const known = await countSegments(
      remembered.tagged({ ...input, knownFile: remembered.knows }),
      remembered.env,
    );
    const readUnknown = [...reads];

    // The same prompt counted with nothing remembered, every file read, a segment a turn.
    const fresh = memory(() => input.project);
    const read = await countSegments(fresh.tagged(input, true), fresh.env);
    const { prompt } = await generatePrompt(input);
    expect(known!.total).toBe(read!.total);
    expect(known!.counts).toEqual(read!.counts);
    expect(known!.total).toBe(countCl100k(prompt));
    expect(known!.total).not.toBe(first!.total);

    // Only the changed file was read and tokenized; the blocks and tree came from memory.
    expect(readUnknown).toEqual([changed]);
    expect(remembered.tokenized).toHaveLength(1);
    expect(remembered.tokenized[0]).toContain('changed since');
    // Each batch of file segments was handled without a turn of the event loop inside it
    // (the count that took them one at a time did turn between them).
    expect(remembered.crossed()).toBe(0);
    expect(fresh.crossed()).toBeGreaterThan(0);
  });
});
