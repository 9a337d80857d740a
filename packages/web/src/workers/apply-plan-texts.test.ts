import { parseAnswer, planApply, type FileText } from '@promptloom/core/apply';
import { describe, expect, it } from 'vitest';
import { toFileText } from '#web/lib/file-text.ts';
import { createApplyPlanHandler } from './apply-plan-handler';
import { leavePlanTexts, restorePlanTexts } from './apply-plan-texts';

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

describe('the new texts kept by the worker', () => {
  const encode = (text: string) => new TextEncoder().encode(text);
  const answer = [
    block('a.ts', 'one', 'ONE'),
    block('b.ts', 'missing', 'x'),
    block('c.ts', 'two', '\uFEFFtwo \uD800 lone'),
    block('new.ts', '', 'fresh'),
  ].join('\n');
  const sent: [string, Uint8Array | null][] = [
    ['a.ts', encode('one\n')],
    ['b.ts', encode('b\n')],
    ['c.ts', encode('two\n')],
    ['new.ts', null],
  ];
  const files = new Map(sent.map(([path, bytes]) => [path, bytes && toFileText(bytes)]));

  it('sends a plan without them, and each one when asked, as the plan made it', () => {
    const handle = createApplyPlanHandler({ holdAfters: true });
    const parsed = handle({ id: 1, kind: 'parse', answer });
    expect(parsed).toHaveProperty('paths');
    const reply = structuredClone(handle({ id: 2, kind: 'plan', parseId: 1, files: sent }));
    if (!('plan' in reply)) throw new Error('no plan');
    const whole = planApply(parseAnswer(answer), files);
    expect(reply.plan.files.map((f) => f.after)).toEqual([null, null, null, null]);
    expect(reply.afterHeld).toEqual([true, false, true, true]);
    const plan = restorePlanTexts(reply, files);
    const asked = structuredClone(handle({ id: 3, kind: 'afters', planId: 2, files: [3, 0, 2] }));
    expect(asked).toEqual({
      id: 3,
      afters: [
        [3, whole.files[3]!.after],
        [0, 'ONE\n'],
        [2, whole.files[2]!.after],
      ],
    });
    // Put back, the page's plan is the one made.
    const afters = new Map('afters' in asked ? asked.afters : []);
    const back = plan.files.map((f, k) => (afters.has(k) ? { ...f, after: afters.get(k)! } : f));
    expect({ ...plan, files: back }).toEqual(whole);
  });

  it('keeps the latest plan only, and sends all texts where it does not hold them', () => {
    const handle = createApplyPlanHandler({ holdAfters: true });
    handle({ id: 1, kind: 'parse', answer });
    handle({ id: 2, kind: 'plan', parseId: 1, files: sent });
    handle({ id: 3, kind: 'parse', answer });
    handle({ id: 4, kind: 'plan', parseId: 3, files: sent });
    expect(handle({ id: 5, kind: 'afters', planId: 2, files: [0] })).toHaveProperty('error');
    expect(handle({ id: 6, kind: 'afters', planId: 4, files: [1] })).toHaveProperty('error');
    const inPage = createApplyPlanHandler();
    inPage({ id: 1, kind: 'parse', answer });
    const reply = inPage({ id: 2, kind: 'plan', parseId: 1, files: sent });
    if (!('plan' in reply)) throw new Error('no plan');
    expect(restorePlanTexts(reply, files)).toEqual(planApply(parseAnswer(answer), files));
  });
});
