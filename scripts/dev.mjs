// `npm run dev`: the server in watch mode on :3000 and the Vite dev server (which proxies /api
// to it) on :5173. Both are children of this process and stop together.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'packages/web');
const vitePackage = createRequire(path.join(web, 'package.json')).resolve('vite/package.json');
const viteBin = path.join(path.dirname(vitePackage), 'bin/vite.js');
const viteOrigin = 'http://127.0.0.1:5173';

const children = [
  spawn(
    process.execPath,
    ['--import', 'tsx', '--watch', path.join(root, 'packages/server/src/main.ts')],
    {
      cwd: root,
      stdio: 'inherit',
      // Sign-in redirects must land on the Vite origin, where the SPA is served in dev.
      env: { PUBLIC_URL: viteOrigin, ...process.env },
    },
  ),
  spawn(process.execPath, [viteBin], { cwd: web, stdio: 'inherit' }),
];

let stopping = false;
let exitCode = 0;
function stopAll(signal, code) {
  if (!stopping) {
    stopping = true;
    exitCode = code;
    for (const child of children) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    }
  }
  if (children.every((child) => child.exitCode !== null || child.signalCode !== null)) {
    process.exit(exitCode);
  }
}

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(signal, 0));
for (const child of children) {
  // One child ending (crash or signal) ends the other: a half-running dev setup only confuses.
  child.on('exit', (code) => stopAll('SIGTERM', code ?? 1));
}
