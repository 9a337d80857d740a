// Bundles the CLI into dist/ so that a run starts in plain Node (no TypeScript loader):
// one ES module per command (code splitting, loaded on demand) and the worker bodies
// (tokens with the secret scan, outlines), which the pools find beside their own chunk
// (new URL('./token-worker.js', import.meta.url)). The files core reads beside its sources
// are copied into dist/ and their URLs rewritten to point there: the open models'
// vocabularies (dist/tokenizers/) and the outline queries (dist/outline-queries/).
// web-tree-sitter stays a package import: its runtime finds its .wasm beside its own module.
import { cp, readFile, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const coreNode = fileURLToPath(import.meta.resolve('@promptloom/core/node'));
const coreSrc = coreNode.replace(/node\/index\.ts$/, '');
const coreRoot = coreSrc.replace(/src\/$/, '');

/** Rewrites the core-relative asset URLs of the files that hold them. */
const assetUrls = {
  name: 'asset-urls',
  setup(b) {
    b.onLoad(
      { filter: /core\/src\/(tokens\/vocab-assets|node\/outline-worker)\.js$/ },
      async (args) => {
        const source = await readFile(args.path, 'utf8');
        return {
          loader: 'js',
          contents: source
            .replaceAll("'../../assets/tokenizers/", "'./tokenizers/")
            .replaceAll('`../outline/queries/', '`./outline-queries/'),
        };
      },
    );
  },
};

/**
 * Core's modules only declare (constants, functions, schemas): marked free of side effects,
 * so a module none of the CLI's code uses is left out (the API contract's Zod schemas and
 * every Zod locale, 0.9 MB that each run parsed at start-up).
 */
const corePure = {
  name: 'core-pure',
  setup(b) {
    b.onResolve({ filter: /.*/ }, async (args) => {
      if (args.pluginData === 'core-pure') return undefined;
      const result = await b.resolve(args.path, {
        importer: args.importer,
        resolveDir: args.resolveDir,
        kind: args.kind,
        pluginData: 'core-pure',
      });
      if (result.errors.length > 0 || !result.path.startsWith(coreSrc)) return result;
      return { ...result, sideEffects: false };
    });
  },
};

await rm(`${root}dist`, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: {
    promptloom: 'src/main.ts',
    // A name the bin knows: it starts loading the pack command beside the main module.
    'pack-command': 'src/commands/pack.ts',
    'token-worker': `${coreSrc}node/token-worker.js`,
    'outline-worker': `${coreSrc}node/outline-worker.js`,
  },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: ['web-tree-sitter'],
  plugins: [corePure, assetUrls],
  // Dependencies written in CommonJS call require(): give the ES module bundle one.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  legalComments: 'none',
  logLevel: 'warning',
});
await cp(`${coreRoot}assets/tokenizers`, `${root}dist/tokenizers`, { recursive: true });
await cp(`${coreSrc}outline/queries`, `${root}dist/outline-queries`, { recursive: true });
