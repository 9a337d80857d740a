// The page's side of bench/suggest-index.ts: a folder uploaded, the index's build read from
// the page's marks, the floor (every uploaded file read once), the worker's heap, the stored
// index's digest and a re-rank after an edit.
import type { Page } from 'playwright-core';

export interface Built {
  ms: number;
  handedMs: number | null;
  files: number;
  reused: number;
  indexed: number;
}

/** Waits for the index's ready mark after `since` (ms on the page's clock); the build's span. */
export async function indexBuilt(page: Page, since: number): Promise<Built> {
  await page.waitForFunction(
    (after) =>
      performance
        .getEntriesByName('promptloom:suggest-index-ready')
        .some((mark) => mark.startTime > after),
    since,
    { timeout: 30 * 60_000, polling: 200 },
  );
  return page.evaluate(() => {
    const open = performance.getEntriesByName('promptloom:suggest-index-open').at(-1)!;
    const ready = performance
      .getEntriesByName('promptloom:suggest-index-ready')
      .at(-1) as PerformanceMark;
    const detail = ready.detail as { files: number; reused: number; indexed: number };
    // When the page had handed every file over (absent before decision 120's marks).
    const handed = performance.getEntriesByName('promptloom:suggest-index-handed').at(-1);
    const handedMs =
      handed && handed.startTime > open.startTime ? handed.startTime - open.startTime : null;
    return { ms: ready.startTime - open.startTime, handedMs, ...detail };
  });
}

/** Every uploaded file read once in the page, joined into 256 KB Blobs and decoded. */
export async function readFloor(page: Page): Promise<number> {
  await page.evaluate('window.__name = (fn) => fn');
  return page.evaluate(async () => {
    const files = (window as unknown as { __benchFiles: File[] }).__benchFiles;
    const started = performance.now();
    const groups: File[][] = [[]];
    let bytes = 0;
    for (const file of files) {
      groups.at(-1)!.push(file);
      bytes += file.size;
      if (bytes >= 256 * 1024) {
        groups.push([]);
        bytes = 0;
      }
    }
    const decoder = new TextDecoder();
    let chars = 0;
    await Promise.all(
      groups.map(async (members) => {
        const all = new Uint8Array(await new Blob(members).arrayBuffer());
        let at = 0;
        for (const file of members)
          chars += decoder.decode(all.subarray(at, (at += file.size))).length;
      }),
    );
    return chars >= 0 ? performance.now() - started : 0;
  });
}

/**
 * The suggestion index worker's JS heap after a collection, through the DevTools protocol's
 * target messages (the worker is a target of the page's session); null where it cannot attach.
 */
export async function workerHeapMb(page: Page): Promise<number | null> {
  const cdp = await page.context().newCDPSession(page);
  const { targetInfos } = (await cdp.send('Target.getTargets')) as {
    targetInfos: { targetId: string; type: string; url: string }[];
  };
  const target = targetInfos.find((t) => t.type === 'worker' && t.url.includes('suggest-index'));
  if (!target) return null;
  const { sessionId } = await cdp.send('Target.attachToTarget', {
    targetId: target.targetId,
    flatten: false,
  });
  let nextId = 1;
  const call = (method: string) =>
    new Promise<Record<string, number>>((resolve) => {
      const id = nextId++;
      const listen = (event: { sessionId: string; message: string }) => {
        const reply = JSON.parse(event.message) as { id?: number; result?: Record<string, number> };
        if (event.sessionId !== sessionId || reply.id !== id) return;
        cdp.off('Target.receivedMessageFromTarget', listen);
        resolve(reply.result ?? {});
      };
      cdp.on('Target.receivedMessageFromTarget', listen);
      void cdp.send('Target.sendMessageToTarget', {
        sessionId,
        message: JSON.stringify({ id, method }),
      });
    });
  await call('HeapProfiler.collectGarbage');
  const { usedSize } = await call('Runtime.getHeapUsage');
  await cdp.detach();
  return usedSize === undefined ? null : usedSize / 1_048_576;
}

/**
 * A digest of the packed index the worker stored (its strings, then every typed array, as
 * `suggest/index-cost.ts` digests it), so that two builds of the web app can show the same.
 */
export async function storedDigest(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const database = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('promptloom-suggest-index');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(new Error(String(open.error)));
    });
    const records = await new Promise<Record<string, unknown>[]>((resolve, reject) => {
      const all = database.transaction('projects').objectStore('projects').getAll();
      all.onsuccess = () => resolve(all.result as Record<string, unknown>[]);
      all.onerror = () => reject(new Error(String(all.error)));
    });
    database.close();
    const parts: Uint8Array<ArrayBuffer>[] = [];
    for (const packed of records) {
      parts.push(new TextEncoder().encode(packed.strings as string));
      for (const value of Object.values(packed))
        if (ArrayBuffer.isView(value))
          parts.push(
            new Uint8Array(value.buffer as ArrayBuffer, value.byteOffset, value.byteLength),
          );
    }
    const hash = new Uint8Array(
      await crypto.subtle.digest('SHA-256', await new Blob(parts).arrayBuffer()),
    );
    return [...hash.slice(0, 8)].map((b) => b.toString(16).padStart(2, '0')).join('');
  });
}

export interface Reranked {
  /** The page's rank round trip, from its ask to the worker's reply (the target's figure). */
  ms: number;
  /** Of which the worker's ranking itself. */
  workerMs: number;
  /** From the reply to the region's rows drawn and no longer busy (their token counts). */
  rowsMs: number;
}

/** The rank round trip after an edit of the request, once the region is open (median of 3). */
export async function rankAfterEdit(page: Page): Promise<Reranked> {
  const request = page.getByLabel('Final request');
  await request.fill('Fix the parseISO function so that it accepts week dates');
  await page.getByRole('button', { name: 'Suggest files', exact: true }).click();
  const region = page.getByRole('region', { name: 'Suggested files', exact: true });
  await region.and(page.locator('[aria-busy="false"]')).waitFor({ timeout: 120_000 });
  const times: Reranked[] = [];
  for (const edit of [' and ordinal dates', ' without a timezone', ' in strict mode']) {
    const before = await page.evaluate(() => performance.now());
    await request.press('End');
    await request.pressSequentially(edit);
    await page.waitForFunction(
      (after) =>
        performance.getEntriesByName('promptloom:suggest-rank').some((m) => m.startTime > after),
      before,
    );
    await region.and(page.locator('[aria-busy="false"]')).waitFor({ timeout: 120_000 });
    times.push(
      await page.evaluate(() => {
        const rank = performance.getEntriesByName('promptloom:suggest-rank').at(-1)!;
        const { workerMs } = ((rank as PerformanceMeasure).detail ?? {}) as { workerMs?: number };
        const rowsMs = performance.now() - (rank.startTime + rank.duration);
        return { ms: rank.duration, workerMs: workerMs ?? NaN, rowsMs };
      }),
    );
  }
  return times.sort((a, b) => a.ms - b.ms)[1]!;
}

export async function upload(page: Page, dir: string): Promise<number> {
  const since = await page.evaluate(() => performance.now());
  await page.setInputFiles('input[type="file"][webkitdirectory]', dir, {
    timeout: 300_000,
  });
  await page.getByRole('tree', { name: 'Project files' }).getByRole('treeitem').first().waitFor({
    timeout: 300_000,
  });
  return since;
}

/**
 * Deletes the stored suggestion index and token counts of the page's origin (after a reload,
 * before the folder is uploaded again), so that the next build is a first visit's again.
 */
export async function forgetStoredIndex(page: Page): Promise<void> {
  const blocked = await page.evaluate(async () => {
    const names = ['promptloom-suggest-index', 'promptloom-token-counts'];
    const deleted = names.map(
      (name) =>
        new Promise<string | null>((resolve) => {
          const request = indexedDB.deleteDatabase(name);
          request.onsuccess = () => resolve(null);
          request.onerror = () => resolve(name);
          request.onblocked = () => resolve(name);
        }),
    );
    return (await Promise.all(deleted)).filter(Boolean);
  });
  if (blocked.length > 0) throw new Error(`could not delete ${blocked.join(', ')}`);
}
