// Compiles the server for `npm start` (decision 027): src/main.ts (and the import worker) and the
// @promptloom/* sources it imports become one ES module, dist/main.js, run by plain Node (no
// TypeScript loader at run time). Every other package stays an import: PGlite, the Swagger UI
// and the static plugin find their files beside their own modules.
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Bare imports stay imports, except the workspace's own TypeScript packages. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@promptloom/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * Builds `<outdir>/main.js` (a folder of the server package, so the server finds its files
 * from there: see src/package-dir.ts); returns its path.
 */
export async function buildServer(outdir = 'dist') {
  await rm(`${root}${outdir}`, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    // The account import's worker thread runs its own module beside main.js (decision 093).
    entryPoints: { main: 'src/main.ts', 'import-worker': 'src/modules/account/import-worker.ts' },
    outdir,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [externalPackages],
  });
  return `${root}${outdir}/main.js`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
