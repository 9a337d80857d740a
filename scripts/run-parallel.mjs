// Runs several npm scripts at once (`node scripts/run-parallel.mjs typecheck build`) and prints
// each one's output whole when it ends, so the logs do not interleave. Exits non-zero when any
// of them failed. `npm test` uses it for the checks before Vitest: each is one thread, so run
// side by side they keep both cores busy where one after another left one idle.
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(name) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(npm, ['run', name], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const verdict = code === 0 ? 'passed' : `failed (exit ${code})`;
      process.stdout.write(`${output}\n[${name}] ${verdict} in ${seconds} s\n\n`);
      resolve(code === 0);
    });
  });
}

const results = await Promise.all(names.map(run));
process.exitCode = results.every(Boolean) ? 0 : 1;
