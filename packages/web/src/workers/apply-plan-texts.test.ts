import { parseAnswer, planApply, type FileText } from '@promptloom/core/apply';
import { describe, expect, it } from 'vitest';
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
