// Builds the web app as the browser bench serves it into BENCH_WEB_DIST (for apply-ab.ts).
import { buildWeb } from '../browser-app';

await buildWeb();
