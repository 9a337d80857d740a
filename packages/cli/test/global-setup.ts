import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const built = Symbol.for('promptloom.cli.built');

/**
 * The tests run the real command: bundle the current sources first, once per run (the cli
 * and cli-pg projects share this setup; a second build would replace dist/ under running
 * tests).
 */
export default function setup() {
  const state = globalThis as { [built]?: boolean };
  if (state[built]) return;
  const script = fileURLToPath(new URL('../scripts/build.mjs', import.meta.url));
  execFileSync(process.execPath, [script], { stdio: 'inherit' });
  state[built] = true;
}
