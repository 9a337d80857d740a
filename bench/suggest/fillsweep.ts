import { type Opts, fill, hit, libFill, load } from './fillx';
const sets = process.argv.slice(2).map((f) => load(f));
const variants = JSON.parse(process.env.V ?? '{}') as Record<string, Opts>;
const budgets = [18000, 21000, 24000, 27000, 30000, 33000, 36000];
const base = budgets.map((b) => sets.map((tasks) => tasks.map((t) => hit(t, libFill(t, b)))));
for (const [name, o] of Object.entries(variants)) {
  const cells = budgets.map((b, bi) =>
    sets.map((tasks, si) => {
      const r = tasks.map((t) => hit(t, fill(t, o, b)));
      let w = 0,
        l = 0;
      r.forEach((x, j) => {
        if (x && !base[bi]![si]![j]) w++;
        if (!x && base[bi]![si]![j]) l++;
      });
      return [w, l];
    }),
  );
  const net = cells.flat().reduce((s, [w, l]) => s + w! - l!, 0);
  const lost = cells.flat().reduce((s, [, l]) => s + l!, 0);
  console.log(
    `${name.padEnd(22)} net ${String(net).padStart(3)} lost ${String(lost).padStart(3)} | ${cells.map((c) => c.map(([w, l]) => `${w}-${l}`).join(' ')).join(' | ')}`,
  );
}
