// Runs only row 5's typing visits, each followed by its control, on the medium corpus, with
// the load average: `node --import tsx bench/typing.ts [runs]`. A visit clicks Select all
// (a cold count, fresh browser) and types 58 keys into the request while it counts; the
// control types the same keys into an empty page holding one textarea. BENCH_PROFILE=1
// prints the main thread's self time per function during the first visit; BENCH_KEYS=1 each
// visit's (and control's) latencies key by key, in typing order.
import { loadavg } from 'node:os';
import { measureTyping } from './browser';
import { ensureCorpora } from './corpora';
import { formatKeystrokes } from './keystrokes';

const runs = Number(process.argv[2] ?? 3);
const load = () => loadavg()[0]!.toFixed(1);
const medium = (await ensureCorpora()).find((c) => c.name === 'medium')!;

const before = load();
const typing = await measureTyping(medium.dir, runs, process.env.BENCH_PROFILE === '1');
console.log(`Typing visits: ${runs} (${typing.app.samples} keys), load ${before}–${load()}`);
if (typing.hot.length > 0) console.log(['Main-thread self time:', ...typing.hot].join('\n'));
console.log(`keystroke → paint while counting, own latency: ${formatKeystrokes(typing.app)}`);
console.log(`control, empty page with one textarea: ${formatKeystrokes(typing.emptyPage)}`);
