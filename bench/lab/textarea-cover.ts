// The frame that shows a review over a textarea holding a 2 MB answer, as the apply dialog's
// review covers its answer box (decision 115): the page thread's style, layout, prepaint and
// paint in that frame, by how the box is styled and how the review covers it
// (`node --import tsx bench/lab/textarea-cover.ts [variant,…]`).
import { launchBrowser } from '../../e2e/support/browser';
import { applyBenchAnswer } from '../apply-answer';
import { startTrace } from './trace-keys';

const { answer } = applyBenchAnswer();
const browser = await launchBrowser();
const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
/**
 * [the box's style, its wrapper's style, the dialog's style]: the dialog is laid out as the
 * app's `Modal` (a body that scrolls past 90vh), centred by default as `<dialog>` is.
 */
const GRID = 'grid-area:1/1;position:relative;z-index:10;background:white';
const OWN_SCROLL = 'position:absolute;inset:0;z-index:10;background:white;overflow:auto';
const variants: Record<string, [string, string, string, review?: string]> = {
  plain: ['', '', ''],
  'wrapper-paint': ['', 'contain:paint;overflow-clip-margin:4px', ''],
  top: ['', '', 'margin-top:5vh'],
  'top-wrapper-paint': ['', 'contain:paint;overflow-clip-margin:4px', 'margin-top:5vh'],
  'fixed-height-wrapper-paint': ['', 'contain:paint;overflow-clip-margin:4px', 'height:90vh'],
  'own-scroll-wrapper-paint': ['', 'contain:paint;overflow-clip-margin:4px', '', OWN_SCROLL],
  'own-scroll': ['', '', '', OWN_SCROLL],
  'wrapper-will-change': ['', 'will-change:transform', ''],
};
/** Rows of the review: 100 make the dialog taller than the box, which moves it (centred). */
const ROWS = Number(process.env.ROWS ?? 100);
const chosen = (process.argv[2]?.split(',') ?? Object.keys(variants)).filter((v) => v in variants);
for (let round = 0; round < 3; round++)
  for (const name of chosen) {
    const [box, wrapper, dialog, review = GRID] = variants[name]!;
    await page.setContent(
      `<dialog style="width:1100px;padding:0;${dialog}"><div style="display:flex;flex-direction:column;max-height:90vh;height:100%"><header>Apply answer</header><div style="min-height:0;flex:1;overflow-y:auto"><div id="cell" style="display:grid;position:relative"><div id="box" style="grid-area:1/1;align-self:start;${wrapper}"><label>Model answer</label><textarea rows="18" style="width:100%;font:12px monospace;${box}"></textarea></div></div></div><footer><input id="keys"></footer></div></dialog>`,
    );
    await page.evaluate((text) => {
      document.querySelector('dialog')!.showModal();
      document.querySelector('textarea')!.value = text;
      document.getElementById('keys')!.focus();
    }, answer);
    await page.waitForTimeout(300);
    const stopTrace = await startTrace(page);
    await page.evaluate(
      ({ rows, style }) => {
        const review = document.createElement('div');
        review.style.cssText = style;
        const list = document.createElement('ul');
        for (let k = 0; k < rows; k++)
          list.insertAdjacentHTML(
            'beforeend',
            `<li><input type="checkbox"><button>src/module-${k}/file-${k}.ts <span>modified</span> <span>+8 −8</span></button></li>`,
          );
        review.append(list);
        document.getElementById('box')!.setAttribute('aria-hidden', 'true');
        document.querySelector('textarea')!.tabIndex = -1;
        document.getElementById('cell')!.append(review);
        performance.mark('shown');
      },
      { rows: ROWS, style: review },
    );
    await page.waitForTimeout(300);
    const events = await stopTrace();
    const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
    // The frame that shows the review: from the mark to the end of the first paint after it.
    const at = events.find((e) => e.name === 'shown')!.ts;
    const thread = events.filter((e) => e.pid === main?.pid && e.tid === main?.tid && e.dur);
    const paint = thread.find((e) => e.name === 'Paint' && e.ts > at);
    const end = paint ? paint.ts + paint.dur! : at;
    const on = thread.filter((e) => e.ts >= at && e.ts < end);
    const ms = (name: string) =>
      `${name} ${(on.filter((e) => e.name === name).reduce((s, e) => s + e.dur!, 0) / 1000).toFixed(1)}`;
    console.log(
      round,
      name,
      ['UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Commit'].map(ms).join(', '),
    );
  }
await browser.close();
