import { parseAnswer, planApply, planClashes, type FileText } from '@promptloom/core/apply';
import { describe, expect, it } from 'vitest';
import { leavePlanTexts, packPlanTexts, restorePlanTexts } from './apply-plan-texts';

const block = (path: string, search: string, replace: string) =>
  `${path}\n\`\`\`\n<<<<<<< SEARCH\n${search}\n=======\n${replace}\n>>>>>>> REPLACE\n\`\`\`\n`;

const answer = [
  block('a.ts', 'one', 'ONE'),
  block('b.ts', 'missing', 'x'),
  block('c.ts', 'same', 'same'),
  '```diff\ndiff --git a/d.ts b/e.ts\nsimilarity index 100%\nrename from d.ts\nrename to e.ts\n```\n',
  block('new.ts', '', 'fresh'),
  block('bom.ts', 'b', 'B'),
  block('lone.ts', 'l', '\uD800'),
  block('pair.ts', 'p', '😀'),
].join('\n');
const files = new Map<string, FileText | null>([
  ['a.ts', { text: 'one\n' }],
  ['b.ts', { text: 'two\n' }],
  ['c.ts', { text: 'same\n' }],
  ['d.ts', { text: 'moved\n' }],
  ['e.ts', null],
  ['new.ts', null],
  ['bom.ts', { text: '\uFEFFb\n' }],
  ['lone.ts', { text: 'l\n' }],
  ['pair.ts', { text: 'p\n' }],
]);

describe('the plan sent back to the page', () => {
  it('leaves out the texts the page sent, and the page gets the same plan back', () => {
    const plan = planApply(parseAnswer(answer), files);
    const sent = structuredClone(leavePlanTexts(plan, files));
    expect(sent.plan.files.slice(0, 5).map((f) => [f.path, f.before, f.after])).toEqual([
      ['a.ts', null, 'ONE\n'],
      ['b.ts', null, null],
      ['c.ts', null, null],
      ['e.ts', null, null],
      ['new.ts', null, 'fresh\n'],
    ]);
    expect(restorePlanTexts(sent, files)).toEqual(plan);
  });

  it('moves the texts after into one transferred buffer, decoded on the page as they were', () => {
    const plan = planApply(parseAnswer(answer), files);
    const { message, transfer } = packPlanTexts(leavePlanTexts(plan, files));
    // As postMessage moves it: the buffer is the message's, no longer the worker's.
    const sent = structuredClone(message, { transfer });
    expect(transfer[0]!.byteLength).toBe(0);
    const strings = sent.plan.files.filter((f) => f.after !== null).map((f) => f.path);
    // A lone surrogate cannot cross as UTF-8: that text stays a string.
    expect(strings).toEqual(['lone.ts']);
    const restored = restorePlanTexts(sent, files);
    expect(restored).toEqual(plan);
    expect(restored.files.find((f) => f.path === 'bom.ts')!.after).toBe('\uFEFFB\n');
    expect(restored.files.find((f) => f.path === 'pair.ts')!.after).toBe('😀\n');
  });

  it('decodes a text after only when it is first read', () => {
    const plan = planApply(parseAnswer(block('a.ts', 'one', 'ONE')), files);
    const { message, transfer } = packPlanTexts(leavePlanTexts(plan, files));
    const sent = structuredClone(message, { transfer });
    const restored = restorePlanTexts(sent, files);
    // What the review does before the text is shown: the clashes read statuses, not texts.
    expect(planClashes(restored).size).toBe(0);
    sent.afterBytes!.fill('Z'.charCodeAt(0));
    expect(restored.files[0]!.after).toBe('ZZZZ');
    sent.afterBytes!.fill('Y'.charCodeAt(0));
    expect(restored.files[0]!.after).toBe('ZZZZ');
  });
});
