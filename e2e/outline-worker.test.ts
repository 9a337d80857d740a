import path from 'node:path';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll } from 'vitest';
import { freePort } from './support/free-port';
import { describe, expect, test } from './support/test';

const webRoot = path.resolve(import.meta.dirname, '../packages/web');

// The outline worker in a real Chromium: web-tree-sitter and the grammars are fetched as wasm
// assets by the worker, only when a file of their language comes. Served by the web app's
// own Vite config (dev server), so this holds before any screen uses outlines.
describe('outline worker', () => {
  let server: ViteDevServer;
  let origin: string;

  beforeAll(async () => {
    const port = await freePort();
    server = await createServer({
      root: webRoot,
      configFile: path.join(webRoot, 'vite.config.ts'),
      logLevel: 'warn',
      server: { host: '127.0.0.1', port, strictPort: true, proxy: {} },
    });
    await server.listen();
    origin = `http://127.0.0.1:${port}`;
  });

  afterAll(() => server?.close());

  test('outlines TypeScript and Python in a Web Worker, loading only their grammars', async ({
    browser,
  }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    // Names only: the dev server also serves each asset's `?url` module under the same name.
    const wasm = new Set<string>();
    page.on('request', (request) => {
      if (request.url().includes('.wasm')) wasm.add(path.basename(new URL(request.url()).pathname));
    });
    await page.goto(`${origin}/favicon.svg`);
    expect([...wasm]).toEqual([]);

    const files = [
      {
        path: 'src/cache.ts',
        text: '/** Reads a key. */\nexport function get(key: string): number {\n  return lookup(key);\n}\n',
      },
      { path: 'README.md', text: '# Title\n' },
      {
        path: 'geo.py',
        text: 'def area(r):\n    """Area of a disc."""\n    return 3.14 * r * r\n',
      },
    ];
    // A string, so the test runner leaves the page's dynamic import alone.
    const outlines = await page.evaluate(`(async () => {
      const { browserOutliner } = await import('/src/lib/outliner.ts');
      return browserOutliner().outlineMany(${JSON.stringify(files)});
    })()`);

    expect(outlines).toEqual([
      '/** Reads a key. */\nexport function get(key: string): number { … }\n',
      null,
      'def area(r):\n    """Area of a disc."""\n    ...\n',
    ]);
    expect([...wasm].sort()).toEqual([
      'tree-sitter-python.wasm',
      'tree-sitter-typescript.wasm',
      'web-tree-sitter.wasm',
    ]);
  });
});
