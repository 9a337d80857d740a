import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page, Worker } from 'playwright-core';
import type { AppBrowser } from './browser';
import { tree } from './workspace';

/**
 * Default wait for any locator action. Generous: under `npm test` the browser shares two cores
 * with the server and unit suites running in parallel; a passing step never waits this long.
 */
export const ACTION_TIMEOUT_MS = 30_000;

export interface SignedInUser {
  name: string;
  email: string;
}

export interface SignedInPage {
  context: BrowserContext;
  page: Page;
  user: SignedInUser;
}

/** A random private IPv4 address (10.0.0.0/8). */
function randomClientAddress(): string {
  const bytes = randomBytes(3);
  return `10.${bytes[0]}.${bytes[1]}.${bytes[2]}`;
}

/** Anything that opens browser contexts: the e2e `browser` fixture, or a playwright Browser. */
export type ContextFactory = Pick<AppBrowser, 'newContext'>;

/** A fresh browser context (own cookies, storage, OPFS) on the app, English by default. */
export async function newAppContext(browser: ContextFactory, baseUrl: string, locale = 'en-US') {
  const context = await browser.newContext({
    baseURL: baseUrl,
    locale,
    viewport: { width: 1280, height: 800 },
    // A client address of its own (the e2e server trusts one proxy hop): otherwise every
    // sign-in and reload of the suite adds up against one address's auth rate limit.
    extraHTTPHeaders: { 'x-forwarded-for': randomClientAddress() },
  });
  context.setDefaultTimeout(ACTION_TIMEOUT_MS);
  return context;
}

/** A fresh context on the app and the page it opened with, not yet on any route. */
export async function newAppPage(browser: ContextFactory, baseUrl: string, locale?: string) {
  const context = await newAppContext(browser, baseUrl, locale);
  // A persistent context opens with one blank page: use it.
  const page = context.pages()[0] ?? (await context.newPage());
  return { context, page };
}

/** A unique user per call, so tests never share an account. */
export function uniqueUser(overrides: Partial<SignedInUser> = {}): SignedInUser {
  const id = randomUUID().slice(0, 8);
  return { name: `E2E User ${id}`, email: `e2e-${id}@example.test`, ...overrides };
}

/**
 * Goes through the built-in local provider from the page the browser is on (/login or a
 * redirect to it): provider button, the server's sign-in form, back to the app.
 */
export async function signInLocally(page: Page, user: SignedInUser): Promise<void> {
  await page.getByRole('button', { name: /local/i }).click();
  await page.getByLabel('Name').fill(user.name);
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await waitForSignedInShell(page, user);
}

/** The shell is up when the user card shows this user's email. */
export async function waitForSignedInShell(page: Page, user: SignedInUser): Promise<void> {
  await page.getByText(user.email, { exact: true }).first().waitFor({ state: 'visible' });
}

/** A new context whose user has signed in through /login with the local provider. */
export async function newSignedInPage(
  browser: ContextFactory,
  baseUrl: string,
  overrides: Partial<SignedInUser> = {},
): Promise<SignedInPage> {
  const user = uniqueUser(overrides);
  const { context, page } = await newAppPage(browser, baseUrl);
  await page.goto('/login');
  await signInLocally(page, user);
  return { context, page, user };
}

/** Reloads the page in this interface language, as the language selector leaves it stored. */
export async function switchLanguage(page: Page, language: 'en' | 'fr'): Promise<void> {
  await page.evaluate((lng) => localStorage.setItem('promptloom.language', lng), language);
  await page.reload();
  await page.locator(`html[lang="${language}"]`).waitFor({ state: 'attached' });
}

/** Relative path (forward slashes) → file content. */
export type ProjectFiles = Record<string, string>;

/** A small but realistic project: sources, docs, an ignore file and ignorable folders. */
export const SAMPLE_PROJECT: ProjectFiles = {
  'README.md': '# Sample project\n\nA tiny app used by the end-to-end tests.\n',
  'package.json': '{\n  "name": "sample-project",\n  "version": "1.0.0"\n}\n',
  '.gitignore': 'dist/\n*.log\n',
  'src/index.ts': "import { greet } from './greet';\n\nconsole.log(greet('world'));\n",
  'src/greet.ts': 'export function greet(name: string): string {\n  return `Hello, ${name}!`;\n}\n',
  'src/utils/math.ts': 'export const add = (a: number, b: number): number => a + b;\n',
  'docs/guide.md': '# Guide\n\nRun `npm start`.\n',
  'dist/bundle.js': 'console.log("built");\n',
  'node_modules/left-pad/index.js': 'module.exports = (s) => s;\n',
  'debug.log': 'noise\n',
};

// Browser-side code is kept as plain JavaScript source: a TypeScript loader (tsx, esbuild's
// keepNames) may wrap functions in helpers such as __name() that do not exist in the page.
const WRITE_OPFS_PROJECT = `async ({ rootName, files }) => {
  const storage = await navigator.storage.getDirectory();
  await storage.removeEntry(rootName, { recursive: true }).catch(() => undefined);
  const root = await storage.getDirectoryHandle(rootName, { create: true });
  for (const [filePath, content] of Object.entries(files)) {
    const parts = filePath.split('/');
    const fileName = parts.pop();
    let dir = root;
    for (const part of parts) dir = await dir.getDirectoryHandle(part, { create: true });
    const file = await dir.getFileHandle(fileName, { create: true });
    const writable = await file.createWritable();
    await writable.write(content);
    await writable.close();
  }
}`;

const STUB_DIRECTORY_PICKER = `(rootName) => {
  Object.defineProperty(window, 'showDirectoryPicker', {
    configurable: true,
    writable: true,
    value: async () => (await navigator.storage.getDirectory()).getDirectoryHandle(rootName),
  });
}`;

/**
 * Takes the File System Access picker away from the context's pages, so that they open a
 * folder through the upload fallback (<input webkitdirectory>) as a browser without it does.
 * Reading a picked folder handle back from IndexedDB on reload crashes the harness's headless
 * Chromium; uploads are not kept, so tests that reload use this path.
 */
export async function withoutDirectoryPicker(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    Object.defineProperty(window, 'showDirectoryPicker', {
      value: undefined,
      configurable: true,
      writable: true,
    });
  });
}

/**
 * Makes the page's clipboard refuse every write, as a browser does without the permission:
 * whether headless Chromium lets a copy through depends on its version, and a test of the
 * failure's toast must not.
 */
export async function refuseClipboardWrites(page: Page): Promise<void> {
  await page.evaluate(() => {
    navigator.clipboard.writeText = () =>
      Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError'));
  });
}

/**
 * Writes a project folder into the page origin's private file system (OPFS), under `rootName`,
 * replacing any previous one. The page must already be on the app's origin.
 */
export async function writeOpfsProject(
  page: Page,
  rootName: string,
  files: ProjectFiles = SAMPLE_PROJECT,
): Promise<void> {
  await page.evaluate(`(${WRITE_OPFS_PROJECT})(${JSON.stringify({ rootName, files })})`);
}

/**
 * Makes window.showDirectoryPicker resolve to the OPFS folder `rootName` (headless Chromium
 * rejects the real picker at once). Applies to every page of the context from its next
 * navigation on; the returned handle is a real FileSystemDirectoryHandle (with no permission
 * API: OPFS handles are always readable).
 */
export async function stubDirectoryPicker(context: BrowserContext, rootName: string) {
  await context.addInitScript(`(${STUB_DIRECTORY_PICKER})(${JSON.stringify(rootName)});`);
}

/** Writes the project into OPFS and opens it as the picked folder, until its tree shows. */
export async function openOpfsFolder(
  page: Page,
  rootName: string,
  files: ProjectFiles = SAMPLE_PROJECT,
): Promise<void> {
  await writeOpfsProject(page, rootName, files);
  await stubDirectoryPicker(page.context(), rootName);
  await page.reload();
  await page.getByRole('button', { name: 'Select a project folder' }).click();
  await tree(page).waitFor();
}

/**
 * Writes a project folder on disk (`<tmp>/<rootName>/...`) and returns its path, for
 * `locator.setInputFiles(dir)` on the `<input webkitdirectory>` fallback. Call
 * `page.bringToFront()` before uploading.
 */
export async function writeDiskProject(
  rootName: string,
  files: ProjectFiles = SAMPLE_PROJECT,
): Promise<string> {
  const parent = await mkdtemp(path.join(os.tmpdir(), 'promptloom-e2e-project-'));
  const root = path.join(parent, rootName);
  for (const [filePath, content] of Object.entries(files)) {
    const target = path.join(root, ...filePath.split('/'));
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, content);
  }
  return root;
}

/** Opens the folder at `dir` on disk through the upload input and waits for its tree. */
export async function uploadFolder(page: Page, dir: string): Promise<void> {
  await page.bringToFront();
  await page.getByLabel('Upload a project folder').first().setInputFiles(dir);
  await tree(page).waitFor();
}

/**
 * Opens `files`, written on disk under `rootName`, through the upload fallback, as a browser
 * without the folder picker does; returns the folder's path on disk.
 */
export async function uploadDiskProject(
  context: BrowserContext,
  page: Page,
  rootName: string,
  files: ProjectFiles = SAMPLE_PROJECT,
): Promise<string> {
  await withoutDirectoryPicker(context);
  await page.reload();
  const dir = await writeDiskProject(rootName, files);
  await page.bringToFront();
  await page.getByLabel('Upload a project folder').first().setInputFiles(dir);
  return dir;
}

/**
 * A project opened for the first time starts with the default composition (structure, files,
 * request). Tests that build their own composition from the library start from an empty one.
 */
export async function emptyComposition(page: Page): Promise<void> {
  const list = page.getByRole('list', { name: 'Composition blocks' });
  await list.getByRole('listitem', { name: 'Selected files content', exact: true }).waitFor();
  await page.getByRole('button', { name: 'Clear', exact: true }).click();
  await list.getByRole('listitem').first().waitFor({ state: 'detached' });
  // The "cleared" toast slides in over the library's corner: a click aimed at a library block
  // while it moves can land on the toast. Wait until every finite animation has ended.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().endTime === Infinity,
      ),
  );
}

const FOLDER_WORKER = /\/folder-listing\.worker[^/]*\.js(\?.*)?$/;

/**
 * Runs `script` in the folder-listing worker before its own code (the app walks a connected
 * folder's handles there, decision 065; init scripts reach pages only): every load of the
 * worker's script is served with `script` in front. Plain JavaScript, `self` for its global.
 */
export async function prependToFolderWorker(context: BrowserContext, script: string) {
  await context.route(FOLDER_WORKER, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, body: `${script};\n${await response.text()}` });
  });
}

/** The page's folder-listing worker: the newest (each connected folder has its own). */
export async function folderWorker(page: Page): Promise<Worker> {
  const running = () => page.workers().filter((w) => FOLDER_WORKER.test(new URL(w.url()).pathname));
  if (running().length === 0) {
    await page.waitForEvent('worker', {
      predicate: (w) => FOLDER_WORKER.test(new URL(w.url()).pathname),
      timeout: ACTION_TIMEOUT_MS,
    });
  }
  return running().at(-1)!;
}
