import { parseAnswer, planApply, touchedPaths, type FileText } from '@promptloom/core';
import { applyBenchAnswer } from '../apply-answer';
const { files, answer } = applyBenchAnswer();
const parsed = parseAnswer(answer);
const texts = new Map<string, FileText | null>(
  touchedPaths(parsed).map((p) => [p, { text: files.get(p)! }]),
);
console.log('--- plan');
const t = performance.now();
planApply(parsed, texts);
console.log('--- planned', Math.round(performance.now() - t));
