// What removing a textarea holding a 2 MB answer costs the page, and what helps: a bare page,
// each way measured as the task that removes it plus the layout of the frame after
// (`node --import tsx bench/lab/textarea-remove.ts`).
import { launchBrowser } from '../../e2e/support/browser';
import { applyBenchAnswer } from '../apply-answer';

const { answer } = applyBenchAnswer();
const browser = await launchBrowser();
const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
const ways = ['remove', 'rows-only', 'opacity', 'clip'];
for (let round = 0; round < 3; round++)
  for (const way of ways) {
    await page.setContent(
      '<div id="box"><textarea rows="18" style="width:100%;font:12px monospace"></textarea></div><ul id="list"></ul>',
    );
    const ms = await page.evaluate(
      async ({ text, way }) => {
        const area = document.querySelector('textarea')!;
        if (way === 'remove-nowrap') area.wrap = 'off';
        let at = performance.now();
        area.value = text;
        void document.body.offsetHeight;
        const fill = performance.now() - at;
        if (way !== 'remove-unfocused') {
          area.focus();
          area.select();
        }
        await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50)));
        let before = 0;
        if (way === 'empty-then-remove') {
          const at = performance.now();
          area.value = '';
          void document.body.offsetHeight;
          before = performance.now() - at;
          await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50)));
        }
        if (way === 'hide-then-remove') {
          at = performance.now();
          area.style.display = 'none';
          void document.body.offsetHeight;
          before = performance.now() - at;
          await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50)));
        }
        const started = performance.now();
        if (way === 'rows-only') void 0;
        else if (way === 'opacity') {
          document.getElementById('box')!.style.opacity = '0';
        } else if (way === 'clip') {
          document.getElementById('box')!.style.clipPath = 'inset(50%)';
        } else if (way.startsWith('invisible')) {
          const box = document.getElementById('box')!;
          box.style.visibility = 'hidden';
          if (way === 'invisible-inert') box.inert = true;
        } else area.remove();
        for (let k = 0; k < 100; k++)
          document
            .getElementById('list')!
            .insertAdjacentHTML(
              'beforeend',
              `<li><input type="checkbox"><button>src/module-${k}/file.ts <span>+8 −8</span></button></li>`,
            );
        void document.body.offsetHeight;
        return `fill ${Math.round(fill)}; ${Math.round(before)} + ${Math.round(performance.now() - started)}`;
      },
      { text: answer, way },
    );
    console.log(round, way, ms, 'ms');
  }
await browser.close();
