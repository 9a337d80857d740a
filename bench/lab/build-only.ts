// Builds the web app into BENCH_WEB_DIST and stops, for an A/B of two builds (apply-ab.ts).
import { buildWeb } from '../browser-app';

await buildWeb();
