// Development aid: each dev task the ranker misses at 5, with the gold files' ranks and the
// top five, to read why. Run: SUGGEST_REPOS=vite node --import tsx bench/suggest/inspect.ts
// (SUGGEST_ISSUES=<file> reads the issue-text set instead, as quality.ts does).
import { type FileIndexEntry, buildProjectIndex, indexFile, rankFiles } from '@promptloom/core';
import { historyAt, historyRepos, readBlobs, recencyAt, treeOf } from './history';
import { ISSUES, tasksFor } from './issues';

for (const repo of historyRepos({ issues: ISSUES !== undefined })) {
  const entries = new Map<string, FileIndexEntry>();
  for (const task of tasksFor(repo).filter((t) => !t.heldOut)) {
    const tree = treeOf(repo.gitDir, task.parent);
    if (!task.gold.every((path) => tree.has(path))) continue;
    const key = (path: string, blob: string) => `${blob}:${path}`;
    const missing = [...tree].filter(([path, blob]) => !entries.has(key(path, blob)));
    const read = readBlobs(repo.gitDir, [...new Set(missing.map(([, blob]) => blob))]);
    for (const [path, blob] of missing)
      entries.set(key(path, blob), indexFile({ path, text: read.get(blob) ?? '' }));
    const index = buildProjectIndex([...tree].map(([p, b]) => entries.get(key(p, b))!));
    const ranked = rankFiles(task.request, index, {
      top: 60,
      recency: recencyAt(repo.gitDir, task.parent),
      history: historyAt(repo.gitDir, task.parent, task.subject ?? task.request),
    }).map((r) => r.path);
    const ranks = task.gold.map((g) => ranked.indexOf(g));
    if (ranks.every((r) => r >= 0 && r < 5)) continue;
    console.log(`\n## ${repo.name} ${task.sha.slice(0, 8)} (${tree.size} files)`);
    console.log(task.request.slice(0, 400).replace(/\n+/g, ' / '));
    console.log(`gold: ${task.gold.map((g, i) => `${g} @${ranks[i]}`).join(', ')}`);
    console.log(`top: ${ranked.slice(0, 5).join(', ')}`);
  }
}
