import { parseAnswer, planApply, touchedPaths } from '@promptloom/core/apply';
import { describe, expect, it } from 'vitest';
import { warmUp, warmUpAnswer, WARM_UP_FILES } from './apply-warm-up';

describe('apply worker warm-up', () => {
  it('plans answers of every format a real one has, each applying cleanly', () => {
    const formats = new Set<string>();
    for (let f = 0; f < 3; f++) {
      const { path, text, answer } = warmUpAnswer(f);
      const parsed = parseAnswer(answer, { knownPath: (known) => known === path });
      expect(touchedPaths(parsed)).toEqual([path]);
      const plan = planApply(parsed, new Map([[path, { text }]]));
      expect(plan.files.map((file) => [file.path, file.status])).toEqual([[path, 'modified']]);
      for (const edit of parsed.edits) formats.add(edit.kind);
    }
    expect([...formats].sort()).toEqual(['search-replace', 'unified-diff', 'whole-file']);
  });

  it('plans one file per task, and stops at the step after a real request', () => {
    const queued: (() => void)[] = [];
    let asked = false;
    const schedule = (step: () => void) => queued.push(step);
    warmUp(() => asked, schedule, WARM_UP_FILES);
    let steps = 0;
    while (queued.length > 0 && steps < 3) {
      queued.shift()!();
      steps++;
    }
    expect(queued).toHaveLength(1);
    asked = true;
    queued.shift()!();
    expect(queued).toHaveLength(0);
  });
});
