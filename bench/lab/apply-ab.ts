// A/B of the browser apply row: builds served as they are (BENCH_NO_BUILD), alternated run by
// run, each a fresh browser: `node --import tsx bench/lab/apply-ab.ts DIST_A DIST_B [rounds]`.
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';

const [a, b, rounds = '3'] = process.argv.slice(2);
for (let round = 0; round < Number(rounds); round++) {
  for (const dist of [a!, b!]) {
    const load = loadavg()[0]!.toFixed(1);
    const out = execFileSync(process.execPath, ['--import', 'tsx', 'bench/apply-browser.ts'], {
      encoding: 'utf8',
      env: { ...process.env, BENCH_NO_BUILD: '1', BENCH_WEB_DIST: dist },
    });
    console.log(`== ${dist} round ${round} load ${load}\n${out.trim()}`);
  }
}
