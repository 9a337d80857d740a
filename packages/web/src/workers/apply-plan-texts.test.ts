import { parseAnswer, planApply, type FileText } from '@promptloom/core/apply';
import { describe, expect, it } from 'vitest';
import { leavePlanTexts, restorePlanTexts, sliceAfterTexts } from './apply-plan-texts';

const block = (path: string, search: string, replace: string) =>
  `${path}\n\`\`\`\n<<<<<<< SEARCH\n${search}\n=======\n${replace}\n>>>>>>> REPLACE\n\`\`\`\n`;

describe('the plan sent back to the page', () => {
  it('leaves out the texts the page sent, and the page gets the same plan back', () => {
    const answer = [
      block('a.ts', 'one', 'ONE'),
      block('b.ts', 'missing', 'x'),
      block('c.ts', 'same', 'same'),
      '```diff\ndiff --git a/d.ts b/e.ts\nsimilarity index 100%\nrename from d.ts\nrename to e.ts\n```\n',
      block('new.ts', '', 'fresh'),
    ].join('\n');
    const files = new Map<string, FileText | null>([
      ['a.ts', { text: 'one\n' }],
      ['b.ts', { text: 'two\n' }],
      ['c.ts', { text: 'same\n' }],
      ['d.ts', { text: 'moved\n' }],
      ['e.ts', null],
      ['new.ts', null],
    ]);
    const plan = planApply(parseAnswer(answer), files);
    const sent = structuredClone(leavePlanTexts(plan, files));
    expect(sent.plan.files.map((f) => [f.path, f.before, f.after])).toEqual([
      ['a.ts', null, 'ONE\n'],
      ['b.ts', null, null],
      ['c.ts', null, null],
      ['e.ts', null, null],
      ['new.ts', null, 'fresh\n'],
    ]);
    expect(restorePlanTexts(sent, files)).toEqual(plan);
  });
});

describe('the new texts sent apart, in slices', () => {
  const files = new Map<string, FileText | null>([
    ['a.ts', { text: 'a'.repeat(40) + '\n' }],
    ['b.ts', { text: 'b'.repeat(40) + '\n' }],
    ['c.ts', { text: 'c\n' }],
    ['d.ts', { text: 'd'.repeat(100) + '\n' }],
  ]);
  const answer = [
    block('a.ts', 'a'.repeat(40), 'A'.repeat(40)),
    block('b.ts', 'b'.repeat(40), 'B'.repeat(40)),
    block('c.ts', 'missing', 'x'),
    block('d.ts', 'd'.repeat(100), 'D'.repeat(100)),
    block('new.ts', '', 'fresh'),
  ].join('\n');

  it('leaves no new text in the plan, slices of at most the size asked but a larger file', () => {
    const plan = planApply(parseAnswer(answer), new Map([...files, ['new.ts', null]]));
    const { planned, slices } = sliceAfterTexts(leavePlanTexts(plan, files), 60);
    expect(planned.plan.files.map((f) => f.after)).toEqual([null, null, null, null, null]);
    // a and b (41 characters each) do not fit one slice of 60; d is a slice of its own.
    expect(slices.map((slice) => slice.map(([k, text]) => [k, text.length]))).toEqual([
      [[0, 41]],
      [[1, 41]],
      [[3, 101]],
      [[4, 6]],
    ]);
  });

  it('gives the page the same plan back from the slices', () => {
    const plan = planApply(parseAnswer(answer), new Map([...files, ['new.ts', null]]));
    const { planned, slices } = structuredClone(sliceAfterTexts(leavePlanTexts(plan, files), 60));
    const afters = new Map(slices.flat());
    expect(restorePlanTexts(planned, files, afters)).toEqual(plan);
  });
});
