// Where a second visit's index build goes (the folder uploaded again after a reload, every
// file reused): `BENCH_NO_BUILD=1 BENCH_WEB_DIST=… node --import tsx bench/lab/second-visit.ts
// [visits]`. One first build, then `visits` reloads (default 4), each timed from the page's
// open mark to its ready mark. With BENCH_TRACE=1 each visit is traced browser-wide: every
// thread's busy time inside the span, the page's and the index worker's tasks in it with what
// their CPU samples ran, and the worker's own marks (`promptloom:suggest-index-*`).
import { loadavg } from 'node:os';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../../e2e/support/browser';
import { buildWeb, signIn, startServer, takeUploadPathKeepingFiles } from '../browser-app';
import { ensureCorpora } from '../corpora';
import { indexBuilt, upload } from '../suggest/index-page';
import { startTrace } from './trace-keys';
import { visitTrace } from '../suggest/visit-trace';

const visits = Number(process.argv[2] ?? 4);
const trace = process.env.BENCH_TRACE === '1';
const load = () => loadavg()[0]!.toFixed(1);

async function visit(page: Page, dir: string, first: number | null): Promise<string[]> {
  const before = load();
  const stop = trace ? await startTrace(page, { browser: true, more: ['IndexedDB'] }) : null;
  const built = await indexBuilt(page, await upload(page, dir));
  const events = stop ? await stop() : null;
  const share = first === null ? '' : `, ${((built.ms / first) * 100).toFixed(1)} % of the first`;
  return [
    `${Math.round(built.ms)} ms (${built.reused} reused, ${built.indexed} indexed${share}; load ${before}–${load()})`,
    ...(events ? visitTrace(events) : []),
  ];
}

if (process.env.BENCH_NO_BUILD !== '1') await buildWeb();
const corpus = (await ensureCorpora()).find(
  (c) => c.name === (process.env.BENCH_CORPUS ?? 'large'),
)!;
const server = await startServer();
const browser = await launchBrowser();
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await takeUploadPathKeepingFiles(page);
  // The page's and its workers' warnings and errors (a stored index that could not be read).
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error')
      console.log(`  [console ${message.type()}] ${message.text()}`);
  });
  await signIn(page, server.url);
  await page.bringToFront();
  const firstBuilt = await indexBuilt(page, await upload(page, corpus.dir));
  console.log(
    `${process.env.BENCH_LABEL ?? ''} first build ${Math.round(firstBuilt.ms)} ms (${firstBuilt.indexed} indexed; load ${load()})`,
  );
  for (let i = 1; i <= visits; i++) {
    await page.reload();
    await page.bringToFront();
    const lines = await visit(page, corpus.dir, firstBuilt.ms);
    console.log(`${process.env.BENCH_LABEL ?? ''} visit ${i}: ${lines.join('\n')}`);
  }
} finally {
  await browser.close();
  await server.stop();
}
