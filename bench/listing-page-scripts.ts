// Page-side code of the listing row (row 6), as plain JavaScript strings (see
// e2e/support/fixtures.ts for why): the corpus written into OPFS, the bare walk it is
// compared with, the app's memory of the folder dropped, and the marks the page records.
import { readFile, readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { Page } from 'playwright-core';

/** What the init script below records in the page. */
export interface Marks {
  __marks: { firstRows?: number; complete?: number; sizes?: number };
  __longest: number;
  __tasks: { at: number; ms: number }[];
}

async function filesOf(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => relative(dir, join(e.parentPath, e.name)));
}

const WRITE_CHUNK = `async ({ rootName, files }) => {
  const storage = await navigator.storage.getDirectory();
  const root = await storage.getDirectoryHandle(rootName, { create: true });
  const dirs = new Map([['', root]]);
  const dirOf = async (path) => {
    if (dirs.has(path)) return dirs.get(path);
    const slash = path.lastIndexOf('/');
    const parent = await dirOf(slash === -1 ? '' : path.slice(0, slash));
    const handle = await parent.getDirectoryHandle(path.slice(slash + 1), { create: true });
    dirs.set(path, handle);
    return handle;
  };
  await Promise.all(files.map(async ([path, content]) => {
    const slash = path.lastIndexOf('/');
    const dir = await dirOf(slash === -1 ? '' : path.slice(0, slash));
    const writable = await (await dir.getFileHandle(path.slice(slash + 1), { create: true })).createWritable();
    await writable.write(content);
    await writable.close();
  }));
}`;

export const BARE_WALK = `async (rootName) => {
  const root = await (await navigator.storage.getDirectory()).getDirectoryHandle(rootName);
  const started = performance.now();
  let files = 0;
  const walk = async (dir) => {
    const subdirs = [];
    for await (const handle of dir.values()) {
      if (handle.kind === 'directory') subdirs.push(handle);
      else files++;
    }
    await Promise.all(subdirs.map(walk));
  };
  await walk(root);
  return { ms: performance.now() - started, files };
}`;

/** Writes the corpus into OPFS under `rootName` in chunks (outside any timing). */
export async function writeCorpus(
  page: Page,
  rootName: string,
  dirs: { dir: string; under: string }[],
) {
  for (const { dir, under } of dirs) {
    const paths = await filesOf(dir);
    for (let i = 0; i < paths.length; i += 1000) {
      const files = await Promise.all(
        paths
          .slice(i, i + 1000)
          .map(async (p) => [under ? `${under}/${p}` : p, await readFile(join(dir, p), 'utf8')]),
      );
      await page.evaluate(`(${WRITE_CHUNK})(${JSON.stringify({ rootName, files })})`);
    }
  }
}

/** Drops the app's memory of the connected folder (never read back: that crashes headless Chromium). */
export const FORGET_FOLDER = `new Promise((resolve, reject) => {
  localStorage.removeItem('promptloom.project-session');
  const open = indexedDB.open('promptloom');
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const db = open.result;
    if (!db.objectStoreNames.contains('folderHandles')) return resolve(db.close());
    const tx = db.transaction('folderHandles', 'readwrite');
    tx.objectStore('folderHandles').clear();
    tx.oncomplete = () => resolve(db.close());
    tx.onerror = () => reject(tx.error);
  };
})`;

/**
 * The page's timing (see measureListing): the click on the folder picker, the frames that
 * paint the first rows and "Show ignored" (`window.__marks`; `window.__done` resolves with
 * the latter), long tasks while listing; the picker stubbed to the OPFS folder `rootName`.
 */
export const listingInitScript = (rootName: string) =>
  `(() => {
    window.__t0 = 0;
    window.__marks = {};
    window.__longest = 0;
    window.__tasks = [];
    window.__done = new Promise((resolve) => { window.__doneResolve = resolve; });
    document.addEventListener('click', (e) => {
      const button = e.target instanceof Element ? e.target.closest('button') : null;
      if (!window.__t0 && button && button.textContent.includes('Select a project folder'))
        window.__t0 = e.timeStamp;
    }, true);
    const painted = (name) => requestAnimationFrame(() => setTimeout(() => {
      window.__marks[name] = performance.now() - window.__t0;
      if (name === 'complete') window.__doneResolve();
    }, 0));
    new MutationObserver(() => {
      if (!window.__t0) return;
      if (!window.__firstSeen && document.querySelector('[role=tree] [role=treeitem]')) {
        window.__firstSeen = true;
        painted('firstRows');
      }
      if (!window.__completeSeen && [...document.querySelectorAll('button[aria-pressed]')]
          .some((b) => b.textContent.startsWith('Show ignored'))) {
        window.__completeSeen = performance.now();
        painted('complete');
      }
      // The sizes stage: its status ("Checking changes…") shown after the tree, then gone.
      const checking = [...document.querySelectorAll('[role=status]')]
        .some((s) => s.textContent.includes('Checking changes'));
      if (window.__completeSeen && checking) window.__checkingSeen = true;
      if (window.__checkingSeen && !checking && !window.__sizesSeen) {
        window.__sizesSeen = true;
        painted('sizes');
      }
    }).observe(document, { subtree: true, childList: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (!window.__t0 || e.startTime < window.__t0) continue;
        if (window.__completeSeen && e.startTime > window.__completeSeen) continue;
        window.__longest = Math.max(window.__longest, e.duration);
        window.__tasks.push({ at: e.startTime - window.__t0, ms: e.duration });
      }
    }).observe({ type: 'longtask', buffered: false });
    Object.defineProperty(window, 'showDirectoryPicker', { configurable: true, writable: true,
      value: async () => (await navigator.storage.getDirectory()).getDirectoryHandle(${JSON.stringify(rootName)}) });
  })()`;
