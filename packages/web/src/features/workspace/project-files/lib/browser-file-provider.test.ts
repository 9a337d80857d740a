import { buildTreeIndex, generatePrompt, renderTree, scanProject } from '@promptloom/core';
import { describe, expect, it } from 'vitest';
import { createUploadProvider, uploadRootName } from './browser-file-provider';

/** A File as a webkitdirectory upload yields it: the path starts with the chosen folder. */
function uploaded(path: string, content: string, lastModified = 1_700_000_000_000): File {
  const file = new File([content], path.split('/').pop()!, { lastModified });
  Object.defineProperty(file, 'webkitRelativePath', { value: path });
  return file;
}

const files = [
  uploaded('demo/README.md', '# Demo\n'),
  uploaded('demo/.gitignore', 'secret.txt\n'),
  uploaded('demo/secret.txt', 'hidden'),
  uploaded('demo/src/app.ts', 'export const a = 1;\n'),
  uploaded('demo/node_modules/x/index.js', 'module.exports = 1;\n'),
];

describe('upload FileProvider (<input webkitdirectory> fallback)', () => {
  it('lists directories with size and mtime, relative to the chosen folder', async () => {
    const provider = createUploadProvider(files);
    expect(uploadRootName(files)).toBe('demo');
    const root = await provider.list('');
    expect(root.map((e) => `${e.kind}:${e.name}`).sort()).toEqual([
      'directory:node_modules',
      'directory:src',
      'file:.gitignore',
      'file:README.md',
      'file:secret.txt',
    ]);
    expect(root.find((e) => e.name === 'README.md')).toMatchObject({
      size: 7,
      mtime: 1_700_000_000_000,
    });
    expect(new TextDecoder().decode(await provider.readFile('src/app.ts'))).toBe(
      'export const a = 1;\n',
    );
    await expect(provider.readFile('missing.ts')).rejects.toThrow();
  });

  it('runs core scanning and prompt assembly like any provider', async () => {
    const provider = createUploadProvider(files);
    const scan = await scanProject(provider, 'demo', { corePatterns: ['node_modules/'] });
    const index = buildTreeIndex(scan.root);
    expect(index.filePaths).toEqual(['src/app.ts', '.gitignore', 'README.md']);
    expect(renderTree(scan.root)).toContain('src/');

    const { prompt } = await generatePrompt({
      items: [
        { type: 'PROJECT_STRUCTURE', content: '', isActive: true },
        { type: 'SELECTED_FILES_CONTENT', content: '', isActive: true },
      ],
      finalRequest: '',
      mode: 'PROJECT',
      project: {
        name: 'demo',
        provider,
        root: scan.root,
        fileCount: index.filePaths.length,
        stats: index.stats,
      },
      selectedFiles: ['src/app.ts'],
    });
    expect(prompt.startsWith('demo/')).toBe(true);
    expect(prompt).toContain('File: src/app.ts\n```typescript\nexport const a = 1;\n```');
    expect(prompt).not.toContain('secret.txt');
  });
});

describe('upload FileProvider, stages and odd names', () => {
  it('gives sizes and mtimes through stat, and reports names it cannot represent', async () => {
    const provider = createUploadProvider([
      uploaded('demo/ok.ts', 'ok', 42),
      uploaded('demo/dir\\name.ts', 'a backslash in a name git accepts'),
      uploaded('demo/a//b.ts', 'an empty segment'),
    ]);
    expect(await provider.stat('ok.ts')).toEqual({ size: 2, mtime: 42 });
    expect(provider.unrepresentable).toEqual(['dir\\name.ts', 'a//b.ts']);
    const root = await provider.list('');
    // Reported, never turned into folders.
    expect(root.map((e) => `${e.kind}:${e.name}`)).toEqual(['file:ok.ts']);
  });

  it('reports a name Chromium split at its backslash (webkitRelativePath odd/name.txt, name odd\\name.txt)', async () => {
    // What Chromium on Linux hands over for a file named `odd\name.txt` (e2e/folder-listing).
    const split = new File(['kept by git'], 'odd\\name.txt');
    Object.defineProperty(split, 'webkitRelativePath', { value: 'demo/sub/odd/name.txt' });
    const provider = createUploadProvider([uploaded('demo/sub/ok.ts', 'ok'), split]);
    expect(provider.unrepresentable).toEqual(['sub/odd\\name.txt']);
    expect((await provider.list('sub')).map((e) => `${e.kind}:${e.name}`)).toEqual(['file:ok.ts']);
  });
});
