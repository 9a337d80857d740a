import { describe, expect, it } from 'vitest';
import { adversarialAnswers, planAdversarial } from './adversarial-answers';
import { parseAnswer, planApply } from '.';

/**
 * Generous (a loaded two-core runner): these answers take about a second or less on a quiet
 * machine, and took minutes to hours when an expression backtracked or a block was compared
 * at every line of its file.
 */
const BOUND_MS = 30_000;

describe('parsing and planning stay near-linear on 2 MB adversarial answers', () => {
  for (const adversarial of adversarialAnswers()) {
    const { name, answer } = adversarial;
    it(`${name} (${(answer.length / 1e6).toFixed(1)} MB)`, { timeout: 120_000 }, () => {
      const started = performance.now();
      const { parsed, plan } = planAdversarial(adversarial);
      const elapsed = performance.now() - started;
      expect(answer.length).toBeGreaterThan(1_000_000);
      expect(plan.files.length + plan.failures.length + parsed.edits.length).toBeGreaterThanOrEqual(
        0,
      );
      expect(elapsed, name).toBeLessThan(BOUND_MS);
    });
  }

  it('fails a block too common to find in time with a clear reason', () => {
    const [indentation] = adversarialAnswers().filter((item) => item.name.includes('indentation'));
    const first = parseAnswer(indentation!.answer).edits.slice(0, 1);
    const plan = planApply(
      { edits: first, problems: [] },
      new Map([['a.txt', { text: indentation!.files.get('a.txt')! }]]),
    );
    expect(plan.files[0]?.failures[0]?.code).toBe('SEARCH_TOO_AMBIGUOUS');
    expect(plan.files[0]?.failures[0]?.message).toContain('would take too long');
  });
});
