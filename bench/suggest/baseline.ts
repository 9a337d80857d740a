// Plain whole-file BM25, the baseline the published figures use: lower-cased word tokens
// (letters, digits, `_`), no identifier splitting, no stemming, no stop words, every file.
const K1 = 1.2;
const B = 0.75;

export interface PlainDoc {
  path: string;
  counts: Map<string, number>;
  length: number;
}

export function plainDoc(path: string, text: string): PlainDoc {
  const counts = new Map<string, number>();
  let length = 0;
  for (const token of text.toLowerCase().match(/[a-z0-9_]+/g) ?? []) {
    counts.set(token, (counts.get(token) ?? 0) + 1);
    length++;
  }
  return { path, counts, length };
}

export function bm25Rank(request: string, docs: readonly PlainDoc[], top: number): string[] {
  const query = new Set(request.toLowerCase().match(/[a-z0-9_]+/g) ?? []);
  const mean = docs.reduce((sum, doc) => sum + doc.length, 0) / Math.max(docs.length, 1);
  const scores = new Float64Array(docs.length);
  for (const term of query) {
    let df = 0;
    for (const doc of docs) if (doc.counts.has(term)) df++;
    if (df === 0) continue;
    const idf = Math.log(1 + (docs.length - df + 0.5) / (df + 0.5));
    docs.forEach((doc, i) => {
      const tf = doc.counts.get(term);
      if (!tf) return;
      scores[i]! += (idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * doc.length) / mean));
    });
  }
  return [...scores.keys()]
    .filter((i) => scores[i]! > 0)
    .sort((a, b) => scores[b]! - scores[a]! || (docs[a]!.path < docs[b]!.path ? -1 : 1))
    .slice(0, top)
    .map((i) => docs[i]!.path);
}
