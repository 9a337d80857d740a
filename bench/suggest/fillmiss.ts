import { fill, hit, load } from './fillx';
for (const file of process.argv.slice(2)) {
  console.log(`# ${file}`);
  for (const t of load(file)) {
    const w = fill(t, {});
    if (hit(t, w)) continue;
    const goldTok = t.gold.reduce((s, g) => s + (t.tokens.get(g)?.full ?? 0), 0);
    const worst = t.goldRanks.includes(-1) ? -1 : Math.max(...t.goldRanks);
    const kind =
      goldTok > 27000
        ? 'TOO LARGE'
        : worst < 0
          ? 'NOT IN 60'
          : worst < 10
            ? 'FILL top10'
            : 'RANK >=10';
    console.log(
      `${kind.padEnd(11)} ${t.id} ranks ${t.goldRanks.join(',')} tok ${t.gold.map((g) => t.tokens.get(g)?.full).join(',')} whole: ${t.gold.map((g) => (w.has(g) ? 'W' : '.')).join('')}`,
    );
  }
}
