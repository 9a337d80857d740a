// Bundles the CLI into dist/ so that a run starts in plain Node (no TypeScript loader):
// one ES module per command (code splitting, loaded on demand) and the worker bodies
// (tokens with the secret scan, outlines), which the pools find beside their own chunk
// (new URL('./token-worker.js', import.meta.url)). The files core reads beside its sources
// are copied into dist/ and their URLs rewritten to point there: the open models'
// vocabularies (dist/tokenizers/), the outline queries (dist/outline-queries/) and the
// grammars the outlines use (dist/grammars/). web-tree-sitter is bundled too, its runtime
// copied beside the chunks (it finds web-tree-sitter.wasm beside its own module): dist/
// needs no package at run time, so it installs on its own (scripts/package.mjs, which passes
// another folder as the first argument to build there and leave dist/ alone).
import { cp, mkdir, readFile, rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = process.argv[2] ? resolve(process.argv[2]) : `${root}dist`;
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
            .replaceAll('`../outline/queries/', '`./outline-queries/')
            .replaceAll(
              'require.resolve(`@cursorless/tree-sitter-wasms/out/tree-sitter-${name}.wasm`)',
              'new URL(`./grammars/tree-sitter-${name}.wasm`, import.meta.url)',
            ),
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

await rm(out, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: {
    promptloom: 'src/main.ts',
    // A name the bin knows: it starts loading the pack command beside the main module.
    'pack-command': 'src/commands/pack.ts',
    'token-worker': `${coreSrc}node/token-worker.js`,
    'outline-worker': `${coreSrc}node/outline-worker.js`,
  },
  outdir: out,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  plugins: [corePure, assetUrls],
  // Dependencies written in CommonJS call require(): give the ES module bundle one.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  legalComments: 'none',
  logLevel: 'warning',
});
await cp(`${coreRoot}assets/tokenizers`, `${out}/tokenizers`, { recursive: true });
await cp(`${coreSrc}outline/queries`, `${out}/outline-queries`, { recursive: true });
await cp(
  fileURLToPath(import.meta.resolve('web-tree-sitter/web-tree-sitter.wasm')),
  `${out}/web-tree-sitter.wasm`,
);
// Only the grammars an outline uses (core's language table), not the package's 44 MB.
const languages = await readFile(`${coreSrc}outline/languages.ts`, 'utf8');
const grammars = new Set([...languages.matchAll(/grammar: '(\w+)'/g)].map((match) => match[1]));
const wasms = fileURLToPath(
  new URL('.', import.meta.resolve('@cursorless/tree-sitter-wasms/package.json')),
);
await mkdir(`${out}/grammars`);
for (const grammar of grammars) {
  const name = `tree-sitter-${grammar}.wasm`;
  await cp(`${wasms}out/${name}`, `${out}/grammars/${name}`);
}
