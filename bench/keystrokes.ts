// Keystroke → paint, measured in the page (row 5's typing visits and their control).
// Headless Chromium draws at 60 Hz: a key handled at once still waits up to 16.7 ms for the
// next frame to begin, so "key → next frame" cannot go under 16 ms at p95 even for a page
// doing nothing. Each key is therefore timed twice from the same events:
// - frame: key event → the first task after the frame that paints the typed character
//   (the frame callback runs before paint, the task queued from it after);
// - own: the same, less the wait for that frame to begin once the page had handled the
//   key (its input event and the render it caused): input delay, handlers, renders, any
//   task that made the frame late, and the frame's own rendering — the page's latency.
import type { Locator, Page } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser';

/** What the typing visits type, key by key, 40 ms apart. */
const TYPED_TEXT = 'Explain the architecture of this project, then list risks.';

export interface KeystrokeSamples {
  ownMs: number[];
  frameMs: number[];
}

export interface Quantiles {
  median: number;
  p95: number;
  max: number;
}

export interface KeystrokeFigures {
  own: Quantiles;
  frame: Quantiles;
  samples: number;
}

/** Starts timing every key typed in the page (again after each reload). */
export async function watchKeystrokes(page: Page): Promise<void> {
  // A string: tsx would wrap named functions in a `__name` helper the page does not have.
  await page.evaluate(`(() => {
    const samples = { ownMs: [], frameMs: [] };
    window.__keystrokes = samples;
    let keyAt = 0;
    document.addEventListener('keydown', (event) => { keyAt = event.timeStamp; }, true);
    // A window listener runs after the app's; the microtask after React's sync render.
    // Only input a key caused: a fill() or a select sends none.
    window.addEventListener('input', () => queueMicrotask(() => {
      const startedAt = keyAt;
      keyAt = 0;
      if (startedAt === 0) return;
      const handledAt = performance.now();
      requestAnimationFrame((frameBegan) => setTimeout(() => {
        const frame = performance.now() - startedAt;
        samples.frameMs.push(frame);
        samples.ownMs.push(frame - Math.max(0, frameBegan - handledAt));
      }));
    }));
  })()`);
}

export async function readKeystrokes(page: Page): Promise<KeystrokeSamples> {
  const samples = await page.evaluate<KeystrokeSamples>('window.__keystrokes');
  // Where in the typing the slow keys fall (which phase of the page's work delays them).
  if (process.env.BENCH_KEYS === '1')
    console.log(`own latency by key, in typing order: ${samples.ownMs.map(Math.round).join(' ')}`);
  return samples;
}

export async function typeInto(field: Locator): Promise<void> {
  await field.click();
  await field.page().keyboard.type(TYPED_TEXT, { delay: 40 });
}

export function quantiles(values: number[]): Quantiles {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { median: at(0.5), p95: at(0.95), max: sorted.at(-1) ?? 0 };
}

export function keystrokeFigures(visits: KeystrokeSamples[]): KeystrokeFigures {
  const own = visits.flatMap((v) => v.ownMs);
  return {
    own: quantiles(own),
    frame: quantiles(visits.flatMap((v) => v.frameMs)),
    samples: own.length,
  };
}

/**
 * The metric's floor: the same typing into an empty page holding one textarea, in a fresh
 * browser launched as the visits' are, timed the same way.
 */
export async function typeIntoEmptyPage(): Promise<KeystrokeSamples> {
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.setContent('<textarea aria-label="Request" rows="4" cols="60"></textarea>');
    await watchKeystrokes(page);
    await typeInto(page.getByLabel('Request'));
    await page.waitForFunction(
      (keys) =>
        (window as unknown as { __keystrokes: KeystrokeSamples }).__keystrokes.ownMs.length >= keys,
      TYPED_TEXT.length,
    );
    return await readKeystrokes(page);
  } finally {
    await browser.close();
  }
}

const ms = (value: number) => `${Math.round(value)} ms`;

/** "median 5 ms, p95 12 ms, max 20 ms (with the frame wait: median …)" */
export function formatKeystrokes(figures: KeystrokeFigures): string {
  const { own, frame } = figures;
  return `median ${ms(own.median)}, p95 ${ms(own.p95)}, max ${ms(own.max)} (with the frame wait: median ${ms(frame.median)}, p95 ${ms(frame.p95)}, max ${ms(frame.max)})`;
}

/**
 * Types into whatever has focus, one key every `gapMs`, through the DevTools protocol without
 * waiting for the page to take each key (as a typist does not): a busy page queues them, each
 * with the time it was sent. `stop()` ends the typing once the keys sent have been delivered.
 */
export async function typeSteadily(page: Page, gapMs: number): Promise<() => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  const sent: Promise<unknown>[] = [];
  let k = 0;
  const timer = setInterval(() => {
    const key = String.fromCharCode(97 + (k++ % 26));
    const code = {
      key,
      code: `Key${key.toUpperCase()}`,
      windowsVirtualKeyCode: key.charCodeAt(0) - 32,
    };
    sent.push(
      cdp.send('Input.dispatchKeyEvent', {
        type: 'keyDown',
        text: key,
        unmodifiedText: key,
        ...code,
      }),
      cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...code }),
    );
  }, gapMs);
  return async () => {
    clearInterval(timer);
    await Promise.all(sent);
    await cdp.detach();
  };
}
