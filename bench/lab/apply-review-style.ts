// What styling the review costs, and what part of it some of the stylesheet's rules take: the
// bench's review drawn (bench/apply-page.ts, one read), then its box taken out of the layout
// tree and put back, in one task, timed to its style (a computed style read) and to its layout;
// REPS times, the rules RULES names deleted in every other rep and put back in the next (the
// two sets of reps interleaved, as the page warms up over the first ones).
// `node --import tsx bench/lab/apply-review-style.ts` (BENCH_NO_BUILD, BENCH_WEB_DIST as the
// bench takes them).
import { openApplyBench, pasteAnswer } from '../apply-page';

const REPS = Number(process.env.BENCH_REPS ?? 60);
/** BENCH_RULES=<regexp>: the rules to delete (the :where(… > :not(:last-child)) utilities). */
const RULES = process.env.BENCH_RULES ?? String.raw`^:where\(\.(space-[xy]|divide)`;

const TIME = `async ({ reps, rules }) => {
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
  const box = document.querySelector('[data-review-scroll]');
  const deepest = box.querySelector('[data-review-file]');
  const pattern = new RegExp(rules);
  /** What is deleted, to put back: [its list's owner, place, text]. */
  let deleted = [];
  const remove = () => {
    const walk = (list) => {
      for (let i = list.length - 1; i >= 0; i--) {
        const rule = list[i];
        if (rule.selectorText !== undefined && pattern.test(rule.selectorText)) {
          const owner = rule.parentRule ?? rule.parentStyleSheet;
          deleted.push([owner, i, rule.cssText]);
          owner.deleteRule(i);
        } else if (rule.cssRules) walk(rule.cssRules);
      }
    };
    for (const sheet of document.styleSheets) {
      try { walk(sheet.cssRules); } catch {}
    }
  };
  const restore = () => {
    for (const [owner, i, text] of deleted.reverse()) owner.insertRule(text, i);
    deleted = [];
  };
  const times = { with: { style: [], layout: [] }, without: { style: [], layout: [] } };
  let count = 0;
  for (let k = 0; k < reps; k++) {
    const without = k % 2 === 1;
    if (without) remove();
    else restore();
    count = Math.max(count, deleted.length);
    // Each rep in one task: a frame between would let the list's observer see a box of no height.
    await frame();
    box.style.display = 'none';
    getComputedStyle(deepest).color;
    const t0 = performance.now();
    box.style.display = '';
    getComputedStyle(deepest).color;
    const t1 = performance.now();
    box.offsetHeight;
    const t2 = performance.now();
    const into = times[without ? 'without' : 'with'];
    into.style.push(t1 - t0);
    into.layout.push(t2 - t1);
  }
  restore();
  const med = (a) => Math.round(10 * [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]) / 10;
  const figures = (t) => ({ style: med(t.style), layout: med(t.layout) });
  return { elements: box.querySelectorAll('*').length, rules: count,
    with: figures(times.with), without: figures(times.without) };
}`;

const { page, answer, close } = await openApplyBench();
try {
  const dialog = await pasteAnswer(page, answer);
  await page.waitForFunction(
    () => (document.querySelector('.cm-content')?.textContent?.length ?? 0) > 0,
  );
  await dialog.getByRole('button', { name: 'Read answer' }).click();
  await page.waitForSelector('[data-review-scroll] [data-review-file]');
  await page.waitForTimeout(1000);
  const result = await page.evaluate(`(${TIME})(${JSON.stringify({ reps: REPS, rules: RULES })})`);
  console.log(JSON.stringify(result));
} finally {
  await close();
}
