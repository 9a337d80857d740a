import type { PromptItem } from '@promptloom/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPack } from '../src/pack/run-pack';
import { makeProject } from './support';

/** A module far larger than GPT-4's budget whole, small as an outline: the one the request is about. */
const bulky = Array.from(
  { length: 60 },
  (_, i) =>
    `def step_${i}(values):\n    """Step ${i} of the pipeline."""\n` +
    Array.from(
      { length: 12 },
      (_, line) => `    values = [v * ${i} + ${line} for v in values]`,
    ).join('\n') +
    '\n    return values\n',
).join('\n');

const items = (answerFormat: PromptItem['answerFormat']): PromptItem[] => [
  { type: 'SELECTED_FILES_CONTENT', content: '', isActive: true },
  { type: 'ANSWER_FORMAT', content: '', isActive: true, answerFormat },
  { type: 'DYNAMIC_TASK', content: '', isActive: true },
];

describe('pack --suggest with a composition’s answer format', () => {
  let project: Awaited<ReturnType<typeof makeProject>>;
  beforeAll(async () => {
    project = await makeProject({
      'pipeline/steps.py': `${bulky}\ndef run_pipeline(values):\n    return step_0(values)\n`,
      'pipeline/cli.py':
        'from pipeline.steps import run_pipeline\n\ndef main():\n    run_pipeline([1])\n',
    });
  });
  afterAll(() => project.cleanup());

  const pack = (answerFormat: PromptItem['answerFormat']) =>
    runPack({
      dir: project.dir,
      model: 'gpt-4',
      items: items(answerFormat),
      suggest: 'run_pipeline returns the wrong values',
      secretScan: false,
    });

  it('outlines the top file that cannot be whole when the answer gives whole files', async () => {
    const outcome = await pack('whole-files');
    expect(outcome.suggested).toContainEqual({ path: 'pipeline/steps.py', mode: 'outline' });
  });

  it('never outlines it when the answer edits by quoting its text, and says it is left out', async () => {
    for (const answerFormat of ['search-replace', 'unified-diff'] as const) {
      const outcome = await pack(answerFormat);
      expect(outcome.suggested?.map((file) => file.path)).not.toContain('pipeline/steps.py');
      expect(outcome.suggestedTopLeftOut?.path).toBe('pipeline/steps.py');
    }
  });
});
