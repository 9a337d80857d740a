import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The tests run the real command: bundle the current sources first. */
export default function setup() {
  const script = fileURLToPath(new URL('../scripts/build.mjs', import.meta.url));
  execFileSync(process.execPath, [script], { stdio: 'inherit' });
}
