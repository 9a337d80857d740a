// Showing a review over a textarea holding a 2 MB answer, and going back to it: removing the
// box (and adding it again) against keeping it laid out under an opaque panel, with or without
// `inert` (`node --import tsx bench/lab/textarea-keep.ts`).
import { launchBrowser } from '../../e2e/support/browser';
import { applyBenchAnswer } from '../apply-answer';

const { answer } = applyBenchAnswer();
const browser = await launchBrowser();
const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
const ways = ['remove', 'cover', 'grid-aria'];
for (let round = 0; round < 3; round++)
  for (const way of ways) {
    await page.setContent(
      way === 'grid-aria'
        ? '<div id="cell" style="display:grid"><div id="box" style="grid-area:1/1;align-self:start"><textarea rows="18" style="width:100%;font:12px monospace"></textarea></div></div>'
        : '<div id="cell" style="position:relative"><div id="box"><textarea rows="18" style="width:100%;font:12px monospace"></textarea></div></div>',
    );
    const ms = await page.evaluate(
      async ({ text, way }) => {
        const cell = document.getElementById('cell')!;
        const box = document.getElementById('box')!;
        const area = document.querySelector('textarea')!;
        area.value = text;
        area.focus();
        area.select();
        await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50)));
        await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50)));
        let at = performance.now();
        const panel = document.createElement('ul');
        if (way === 'remove') box.remove();
        else if (way === 'grid-aria') {
          panel.style.cssText = 'grid-area:1/1;background:white;z-index:1';
          box.setAttribute('aria-hidden', 'true');
          area.tabIndex = -1;
        } else {
          panel.style.cssText = 'position:absolute;inset:0;background:white;overflow:auto';
        }
        for (let k = 0; k < 100; k++)
          panel.insertAdjacentHTML(
            'beforeend',
            `<li><input type="checkbox"><button>src/module-${k}/file.ts <span>+8 −8</span></button></li>`,
          );
        cell.append(panel);
        panel.querySelector('button')!.focus();
        void document.body.offsetHeight;
        const show = performance.now() - at;
        await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50)));
        at = performance.now();
        panel.remove();
        if (way === 'remove') cell.append(box);
        else if (way === 'grid-aria') {
          box.removeAttribute('aria-hidden');
          area.removeAttribute('tabindex');
        }
        area.focus();
        area.select();
        void document.body.offsetHeight;
        const back = performance.now() - at;
        return `show ${Math.round(show)}, back ${Math.round(back)}`;
      },
      { text: answer, way },
    );
    console.log(round, way, ms);
  }
await browser.close();
