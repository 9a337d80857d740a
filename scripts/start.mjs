// `npm start`: build the web app and the server when their builds are missing or stale, then
// run the compiled server with plain Node (no TypeScript loader at run time; decision 027;
// migrations run at start-up) with signals forwarded so Ctrl-C closes PGlite cleanly.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'packages/web');
const builtIndex = path.join(web, 'dist/index.html');
const buildInputs = [
  path.join(web, 'src'),
  path.join(web, 'public'),
  path.join(web, 'index.html'),
  path.join(web, 'vite.config.ts'),
  path.join(root, 'packages/core/src'),
];

/** Newest modification time of a file or of any file below a folder. */
function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

function webBuildIsStale() {
  if (!existsSync(builtIndex)) return 'missing';
  const builtAt = statSync(builtIndex).mtimeMs;
  return buildInputs.some((input) => newestMtime(input) > builtAt) ? 'stale' : null;
}

const seconds = (since) => `${Math.round((performance.now() - since) / 1000)} s`;

// WEB_DIST_DIR=none serves the API only: no web app to build.
const reason = process.env.WEB_DIST_DIR === 'none' ? null : webBuildIsStale();
if (reason) {
  console.log(`[start] web app build ${reason}: building it (about a minute) …`);
  const started = performance.now();
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  // Warnings and errors only: the per-asset table and progress are for whoever tunes the
  // build (`npm run build` shows them); the known harmless warnings are filtered in
  // vite.config.ts.
  const build = spawnSync(
    npm,
    ['run', '--silent', 'build', '-w', '@promptloom/web', '--', '--logLevel', 'warn'],
    { cwd: root, stdio: 'inherit' },
  );
  if (build.status !== 0) {
    console.error('[start] web build failed');
    process.exit(build.status ?? 1);
  }
  console.log(`[start] web app built in ${seconds(started)}`);
}

const serverDir = path.join(root, 'packages/server');
const builtServer = path.join(serverDir, 'dist/main.js');
const serverInputs = [path.join(serverDir, 'src'), path.join(root, 'packages/core/src')];
const serverBuiltAt = existsSync(builtServer) ? statSync(builtServer).mtimeMs : 0;
if (serverInputs.some((input) => newestMtime(input) > serverBuiltAt)) {
  console.log(`[start] server build ${serverBuiltAt ? 'stale' : 'missing'}: building it …`);
  const started = performance.now();
  const { buildServer } = await import('../packages/server/scripts/build.mjs');
  await buildServer();
  console.log(`[start] server built in ${seconds(started)}`);
}

const server = spawn(process.execPath, ['--enable-source-maps', builtServer], {
  cwd: root,
  stdio: 'inherit',
});

// A terminal Ctrl-C reaches both processes; forwarding covers `kill <pid>` of this one.
// main.ts ignores the second signal while it is already closing.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (server.exitCode === null) server.kill(signal);
  });
}

server.on('exit', (code, signal) => {
  if (signal) {
    console.error(`[start] server stopped by ${signal}`);
    process.exit(1);
  }
  process.exit(code ?? 0);
});
