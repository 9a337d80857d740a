import { adversarialAnswers } from './adversarial-answers';
import { parseAnswer, planApply, touchedPaths } from '.';
const c = adversarialAnswers()[Number(process.argv[2])]!;
const t0 = performance.now();
const parsed = parseAnswer(c.answer);
const t1 = performance.now();
const files = new Map(
  touchedPaths(parsed).map((p) => [p, c.files.has(p) ? { text: c.files.get(p)! } : null]),
);
const plan = planApply(parsed, files);
console.log(
  c.name,
  'parse',
  Math.round(t1 - t0),
  'plan',
  Math.round(performance.now() - t1),
  plan.files[0]?.status,
  plan.files[0]?.failures[0]?.code,
);
