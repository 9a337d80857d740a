// The top self times of a .cpuprofile (e.g. BENCH_WORKER_PROFILE's), with its garbage
// collector's share: `node --import tsx bench/lab/cpuprofile-top.ts <file> [count]`.
import { readFile } from 'node:fs/promises';
import { topFunctions, type CpuProfile } from '../cpu-profile';
import { specialTimes } from '../suggest/worker-profile';

const [file, count = '20'] = process.argv.slice(2);
if (!file) throw new Error('usage: cpuprofile-top.ts <file.cpuprofile> [count]');
const profile = JSON.parse(await readFile(file, 'utf8')) as CpuProfile;
const special = specialTimes(profile);
console.log(
  [...special].map(([name, ms]) => `${name} ${Math.round(ms)} ms`).join(', '),
  '\n' + topFunctions(profile, Number(count)).join('\n'),
);
