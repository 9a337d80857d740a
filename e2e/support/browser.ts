import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
} from 'playwright-core';

const systemChromium = '/usr/bin/chromium';
// Lambda-oriented flags we do not want: a single process hangs when a context closes, and the
// tests must see the web security a real browser applies.
const dropped = new Set(['--single-process', '--disable-web-security']);

/** Quiet, deterministic Chromium: no sandbox (containers), no GPU, no background traffic. */
const commonArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

interface ResolvedChromium {
  executablePath: string;
  args: string[];
}

/**
 * CHROMIUM_PATH, else a system Chromium, else the one @sparticuz/chromium ships
 * inside its npm tarball, so `npm install && npm test` needs no browser download.
 */
async function findChromium(): Promise<ResolvedChromium> {
  const fromEnv = process.env.CHROMIUM_PATH;
  const { executablePath, args } = fromEnv
    ? { executablePath: fromEnv, args: [] }
    : existsSync(systemChromium)
      ? { executablePath: systemChromium, args: [] }
      : await sparticuzChromium();
  return {
    executablePath,
    args: [...new Set([...args.filter((arg) => !dropped.has(arg)), ...commonArgs])],
  };
}

let resolved: Promise<ResolvedChromium> | undefined;

/**
 * Found once per process. The npm package unpacks its binary into the temp folder on first use
 * and takes the file for unpacked as soon as it exists, so a second caller racing the first
 * spawns a half-written file (ETXTBSY).
 */
function resolveChromium(): Promise<ResolvedChromium> {
  return (resolved ??= findChromium());
}

/**
 * Finds (and, from the npm package, unpacks) Chromium before the e2e files start side by side,
 * each in a process of its own that would otherwise unpack it at the same time.
 */
export async function prepareChromium(): Promise<void> {
  await resolveChromium();
}

async function sparticuzChromium(): Promise<ResolvedChromium> {
  const { default: sparticuz } = await import('@sparticuz/chromium');
  return { executablePath: await sparticuz.executablePath(), args: sparticuz.args };
}

/** One headless Chromium whose contexts are incognito (`browser.newContext()`). */
/** `extraArgs`: more command-line switches, e.g. a lab's `--js-flags=…`. */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  const { executablePath, args } = await resolveChromium();
  return chromium.launch({ executablePath, headless: true, args: [...args, ...extraArgs] });
}

/**
 * Which Chromium the browser rows ran in, for the bench's header: frame timing differs between
 * builds (the npm package's Chromium draws in software with its GPU in process).
 */
export async function chromiumDescription(): Promise<string> {
  const { executablePath } = await resolveChromium();
  const browser = await launchBrowser();
  try {
    return `Chromium ${browser.version()} (${executablePath})`;
  } finally {
    await browser.close();
  }
}

/** What tests need from "a browser": isolated contexts, and closing them all. */
export interface AppBrowser {
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  /** The contexts opened and not yet closed. */
  contexts(): BrowserContext[];
  close(): Promise<void>;
}

/**
 * The e2e browser. Each context is a persistent (non-incognito) one with its own profile dir
 * and Chromium process: in incognito contexts this Chromium crashes (browser-process CHECK)
 * as soon as a page reads a File System Access handle back from IndexedDB, which is exactly
 * what the app does with the project folder. Contexts stay fully isolated from each other.
 */
export async function launchAppBrowser(): Promise<AppBrowser> {
  const { executablePath, args } = await resolveChromium();
  const open = new Set<BrowserContext>();
  return {
    async newContext(options = {}) {
      const profileDir = await mkdtemp(path.join(os.tmpdir(), 'promptloom-chromium-'));
      const context = await chromium.launchPersistentContext(profileDir, {
        ...options,
        executablePath,
        headless: true,
        args,
      });
      open.add(context);
      context.once('close', () => {
        open.delete(context);
        void rm(profileDir, { recursive: true, force: true, maxRetries: 3 });
      });
      return context;
    },
    contexts: () => [...open],
    async close() {
      await Promise.all([...open].map((context) => context.close()));
    },
  };
}
