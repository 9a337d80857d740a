// Going back to a covered textarea of 2 MB (Edit answer): what focusing it costs, with its
// text selected, with the caret put back where it was, or without focus, and how long the
// frame after it takes (`node --import tsx bench/lab/textarea-select.ts`).
import { loadavg } from 'node:os';
import { launchBrowser } from '../../e2e/support/browser';
import { applyBenchAnswer } from '../apply-answer';

const { answer } = applyBenchAnswer();
const browser = await launchBrowser();
const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
const ways = ['focus+select', 'focus', 'focus-no-scroll', 'focus+caret-start', 'none'];
console.log(`load ${loadavg()[0]!.toFixed(1)}`);
for (let round = 0; round < 3; round++)
  for (const way of ways) {
    await page.setContent(
      '<div style="height:600px;overflow:auto"><div id="cell" style="display:grid"><div id="box" style="grid-area:1/1;align-self:start"><textarea rows="18" style="width:100%;font:12px monospace"></textarea></div></div></div>',
    );
    const ms = await page.evaluate(
      async ({ text, way }) => {
        const cell = document.getElementById('cell')!;
        const box = document.getElementById('box')!;
        const area = document.querySelector('textarea')!;
        area.value = text;
        area.focus();
        await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
        await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
        const panel = document.createElement('ul');
        panel.style.cssText = 'grid-area:1/1;background:white;z-index:1';
        box.setAttribute('aria-hidden', 'true');
        area.tabIndex = -1;
        for (let k = 0; k < 100; k++)
          panel.insertAdjacentHTML(
            'beforeend',
            `<li><input type="checkbox"><button>src/module-${k}/file.ts <span>+8 −8</span></button></li>`,
          );
        cell.append(panel);
        panel.querySelector('button')!.focus();
        await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
        await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
        let at = performance.now();
        panel.remove();
        box.removeAttribute('aria-hidden');
        area.removeAttribute('tabindex');
        if (way === 'focus+select') {
          area.focus();
          area.select();
        } else if (way === 'focus') area.focus();
        else if (way === 'focus-no-scroll') area.focus({ preventScroll: true });
        else if (way === 'focus+caret-start') {
          area.focus();
          area.setSelectionRange(0, 0);
        }
        const sync = performance.now() - at;
        at = performance.now();
        await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
        const next = performance.now() - at;
        return `sync ${Math.round(sync)}, frame ${Math.round(next)}`;
      },
      { text: answer, way },
    );
    console.log(round, way, ms);
  }
await browser.close();
