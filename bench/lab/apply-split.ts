import { parseAnswer, planApply, touchedPaths, type FileText } from '@promptloom/core';
import { applyBenchAnswer } from '../apply-answer';
const { files, answer } = applyBenchAnswer();
const out: number[][] = [];
for (let r = 0; r < Number(process.argv[2] ?? 5); r++) {
  const t0 = performance.now();
  const parsed = parseAnswer(answer);
  const t1 = performance.now();
  const texts = new Map<string, FileText | null>(
    touchedPaths(parsed).map((p) => [p, { text: files.get(p)! }]),
  );
  const t2 = performance.now();
  planApply(parsed, texts);
  const t3 = performance.now();
  out.push([t1 - t0, t3 - t2].map(Math.round));
}
console.log(JSON.stringify(out));
