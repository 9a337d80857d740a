import { fill, hit, load } from './fillx';
const [file, maxRank = '10'] = process.argv.slice(2);
const EV = [
  'mentioned',
  'defines',
  'flag',
  'path',
  'imported-by-top',
  'imports-top',
  'changed',
  'recent',
  'past-change',
  'linked-change',
];
for (const t of load(file!)) {
  const w = fill(t, {});
  if (hit(t, w)) continue;
  const worst = Math.max(...t.goldRanks);
  if (worst < 0 || worst >= Number(maxRank)) continue;
  const goldTok = t.gold.reduce((s, g) => s + (t.tokens.get(g)?.full ?? 0), 0);
  console.log(`\n== ${t.id} gold ranks ${t.goldRanks.join(',')} goldTok ${goldTok}`);
  let used = 0;
  t.ranked.slice(0, Number(process.env.N ?? 15)).forEach((f, i) => {
    const tk = t.tokens.get(f.path);
    const isW = w.has(f.path);
    if (isW) used += tk?.full ?? 0;
    const ks = [...new Set(f.reasons.map((r) => r.kind))].map((k) =>
      EV.includes(k) ? k : k.toLowerCase().slice(0, 4),
    );
    console.log(
      `${String(i).padStart(2)} ${t.gold.includes(f.path) ? 'G' : ' '} ${isW ? 'W' : '.'} ${String(tk?.full).padStart(6)} ${f.score.toFixed(3)} ${f.demoted ? 'D' : ' '} ${f.path}  [${ks.join(',')}]`,
    );
  });
  const restW = [...w].filter(
    (p) => t.ranked.findIndex((f) => f.path === p) >= Number(process.env.N ?? 15),
  );
  const restTok = restW.reduce((s, p) => s + (t.tokens.get(p)?.full ?? 0), 0);
  console.log(`   whole below 15: ${restW.length} files ${restTok} tok`);
}
