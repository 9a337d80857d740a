import { type Opts, fill, hit, libFill, load } from './fillx';
const sets = process.argv.slice(2).map((f) => ({ f, tasks: load(f) }));
const base = sets.map(({ tasks }) => tasks.map((t) => hit(t, libFill(t))));
const variants = JSON.parse(process.env.V ?? '{}') as Record<string, Opts>;
for (const [name, o] of Object.entries(variants)) {
  const res = sets.map(({ tasks }, i) => {
    const r = tasks.map((t) => hit(t, fill(t, o)));
    return {
      n: r.filter(Boolean).length,
      won: tasks.filter((_, j) => r[j] && !base[i]![j]).map((t) => t.id),
      lost: tasks.filter((_, j) => !r[j] && base[i]![j]).map((t) => t.id),
    };
  });
  console.log(
    `${name}: ${res.map((r) => `${r.n} (+${r.won.length}-${r.lost.length})`).join(' / ')}`,
  );
  if (process.env.DETAIL)
    for (const r of res)
      if (r.won.length + r.lost.length)
        console.log(`   +[${r.won.join(', ')}] -[${r.lost.join(', ')}]`);
}
