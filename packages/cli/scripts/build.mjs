// Bundles the CLI into dist/ so that a run starts in plain Node (no TypeScript loader):
// one ES module per command (code splitting, loaded on demand) and the tokenizer worker,
// which the packer finds beside its own chunk (new URL('./token-worker.js', import.meta.url)).
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const worker = fileURLToPath(
  import.meta.resolve('@promptloom/core/node').replace(/index\.ts$/, 'token-worker.js'),
);

await rm(`${root}dist`, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: { promptloom: 'src/main.ts', 'token-worker': worker },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // Dependencies written in CommonJS call require(): give the ES module bundle one.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  legalComments: 'none',
  logLevel: 'warning',
});
