import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

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
 * DESIGN §2: CHROMIUM_PATH, else a system Chromium, else the one @sparticuz/chromium ships
 * inside its npm tarball, so `npm install && npm test` needs no browser download.
 */
async function resolveChromium(): Promise<ResolvedChromium> {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return { executablePath: fromEnv, args: [] };
  if (existsSync(systemChromium)) return { executablePath: systemChromium, args: [] };
  const { default: sparticuz } = await import('@sparticuz/chromium');
  return {
    executablePath: await sparticuz.executablePath(),
    args: sparticuz.args.filter((arg) => !dropped.has(arg)),
  };
}

export async function launchBrowser(): Promise<Browser> {
  const { executablePath, args } = await resolveChromium();
  return chromium.launch({
    executablePath,
    headless: true,
    args: [...new Set([...args, ...commonArgs])],
  });
}
