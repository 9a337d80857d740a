import {
  MemoryFileProvider,
  buildTreeIndex,
  scanProject,
  type PromptFormat,
  type TokenizerId,
} from '@promptloom/core';
import { get_encoding, type Tiktoken } from 'tiktoken';
import { afterAll, describe, expect, it, vi } from 'vitest';

const encodings = new Map<string, Tiktoken>();
const used = new Set<string>();
const count = (texts: string[], id: TokenizerId = 'cl100k_base') => {
  used.add(id);
  if (!encodings.has(id)) encodings.set(id, get_encoding(id as 'cl100k_base'));
  return texts.map((text) => encodings.get(id)!.encode(text).length);
};

vi.mock('./tokenizer-client', () => ({
  tokenizer: {
    estimated: false,
    countManyHashed: (texts: string[], id?: TokenizerId) =>
      Promise.resolve({ counts: count(texts, id), hashes: null }),
    countMany: (texts: string[], id?: TokenizerId) => Promise.resolve(count(texts, id)),
  },
}));

// Outlines come from a worker the page starts; a file's whole text is what is compared here.
vi.mock('./outline-source', () => ({ outlineForPrompt: () => Promise.resolve(null) }));

const { countPromptSegments, fileTokensOf } = await import('./count-segments');
const { modeCosts } = await import('./mode-costs');

const FILES = {
  'src/alpha.ts': 'export const alpha = (n: number) => n + 1;\n',
  'src/beta.ts': 'export function beta(s: string) {\n  return s.trim();\n}\n',
  'src/gamma.ts': 'export class Gamma {\n  value = 3;\n}\n',
};

async function project() {
  const provider = new MemoryFileProvider(FILES);
  const scan = await scanProject(provider, 'demo');
  return { provider, tree: { ...scan, index: buildTreeIndex(scan.root), metadataReady: true } };
}

/** Each file's tokens in the prompt Generate writes: structure, files, then the request. */
async function generated(format: PromptFormat, tokenizerId: TokenizerId) {
  const { provider, tree } = await project();
  const input = {
    items: [
      { type: 'PROJECT_STRUCTURE' as const, content: '', isActive: true },
      { type: 'SELECTED_FILES_CONTENT' as const, content: '', isActive: true },
      { type: 'DYNAMIC_TASK' as const, content: '', isActive: true },
    ],
    finalRequest: 'rename beta',
    mode: 'PROJECT' as const,
    format,
    project: { name: 'demo', provider, root: tree.root, fileCount: 3, stats: tree.index.stats },
    selectedFiles: tree.index.filePaths,
  };
  const counted = await countPromptSegments(input, tree.index.stats, () => false, tokenizerId);
  // What the tree's rows show (use-token-count).
  return fileTokensOf(counted!, input, tree.index.stats, tokenizerId);
}

afterAll(() => {
  for (const encoding of encodings.values()) encoding.free();
});

describe('modeCosts (the Suggested files rows)', () => {
  for (const format of ['xml', 'markdown', 'sections'] as const) {
    it(`gives a file the tokens Generate writes for it, in rank order (${format})`, async () => {
      const { provider, tree } = await project();
      used.clear();
      // Ranked: the first written file first, the last written one in the middle.
      const costs = await modeCosts(
        {
          composition: [],
          blocksById: new Map(),
          finalRequest: '',
          selectedFiles: [],
          mode: 'PROJECT',
          projectName: 'demo',
          provider,
          tree,
          format,
        },
        ['src/alpha.ts', 'src/gamma.ts', 'src/beta.ts'],
        'o200k_base',
      );
      expect([...used]).toEqual(['o200k_base']);
      const written = await generated(format, 'o200k_base');
      // The last written one too: the separator before the request is no file's.
      for (const path of ['src/alpha.ts', 'src/beta.ts', 'src/gamma.ts']) {
        expect(costs.get(path)?.full).toBe(written.get(path));
      }
    });
  }
});
