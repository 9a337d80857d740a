import { MemoryFileProvider, scanProject } from '@promptloom/core';
import { describe, expect, it } from 'vitest';
import type { HandlesByPath } from '../lib/handles-by-path';
import type { WalkFound, WalkItem } from './folder-listing-protocol';
import { folderWalker } from './folder-walk';

const FILES = {
  '.gitignore': 'dist/\n',
  '.git/HEAD': 'ref',
  'dist/out.js': 'x',
  'src/a.ts': 'x',
  'src/gen/.gitignore': '*\n!keep/\n',
  'src/gen/keep/k.ts': 'kept by a negation',
  'src/gen/skip/s.ts': 'ignored by a .gitignore read mid-walk',
};
const RULES = { corePatterns: ['.git/'], ignoreCase: false };

/** Handles over an in-memory folder: only what the walker asks of them. */
function memoryHandles(memory: MemoryFileProvider): HandlesByPath {
  return {
    directory: () => Promise.reject(new Error('not used')),
    list: (path) => memory.list(path),
    file: (path) =>
      Promise.resolve({
        getFile: async () => {
          const bytes = await memory.readFile(path);
          return { arrayBuffer: () => Promise.resolve(bytes.slice().buffer) };
        },
      } as unknown as FileSystemFileHandle),
  };
}

function walker() {
  const messages: WalkFound[] = [];
  let ended: () => void = () => {};
  const done = new Promise<void>((resolve) => (ended = resolve));
  const walk = folderWalker(
    () => memoryHandles(new MemoryFileProvider(FILES)),
    (message) => {
      messages.push(message);
      if (message.found.some((item) => 'walked' in item)) ended();
    },
    (error) => ({ name: 'Error', message: String(error) }),
  );
  return { walk, messages, done };
}

const listed = (items: WalkItem[]) =>
  items.flatMap((item) => ('list' in item ? [item.list] : [])).sort();

describe('folderWalker', () => {
  it('posts the listings and .gitignore files the page scan asks for, then that it ended', async () => {
    const asked: string[] = [];
    const memory = new MemoryFileProvider(FILES);
    await scanProject(
      {
        list: (path) => (asked.push(path), memory.list(path)),
        readFile: (p) => memory.readFile(p),
      },
      'demo',
      RULES,
    );
    const { walk, messages, done } = walker();
    walk.start(7, RULES);
    await done;
    const items = messages.flatMap((m) => m.found);
    expect(messages.every((m) => m.walk === 7)).toBe(true);
    expect(listed(items)).toEqual(asked.sort());
    expect(listed(items)).toContain('src/gen/keep');
    expect(listed(items)).not.toContain('src/gen/skip');
    const read = items.flatMap((item) => ('read' in item && 'buffer' in item ? [item] : []));
    expect(read.map((item) => item.read).sort()).toEqual(['.gitignore', 'src/gen/.gitignore']);
    const nested = read.find((item) => item.read === 'src/gen/.gitignore')!;
    expect(new TextDecoder().decode(nested.buffer)).toBe('*\n!keep/\n');
    expect(items.at(-1)).toEqual({ walked: true });
  });

  it('posts nothing more once stopped', async () => {
    const { walk, messages } = walker();
    walk.start(1, RULES);
    walk.stop(1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(messages).toEqual([]);
  });
});
