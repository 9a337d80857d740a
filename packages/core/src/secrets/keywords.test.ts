import { describe, expect, it } from 'vitest';
import { fakeChars, secretSamples } from './fixtures';
import { keywordPrefilter } from './keywords';
import { referenceScanText } from './reference-scan';
import { scanText } from './scan';

const filler = [
  'export function add(a: number, b: number): number {',
  '  return a + b; // accounts for the secret sauce: see https://example.com/docs',
  '}',
  'const url = "postgres://localhost/app";',
  '',
].join('\n');

/** Texts that hold the samples in many ways: alone, inside code, all at once, case-shifted. */
function texts(): { path: string; content: string }[] {
  const samples = secretSamples();
  const out = samples.flatMap((sample, i) => [
    { path: sample.name.startsWith('GCP') ? 'sa.json' : `src/s${i}.ts`, content: sample.text },
    { path: `src/in-code-${i}.ts`, content: `${filler}${sample.text}\n${filler}` },
    { path: `notes/${i}`, content: `${sample.text.toLowerCase()}\n${sample.text.toUpperCase()}` },
    {
      path: `src/disabled-${i}.ts`,
      content: `// secretlint-disable-next-line\n${sample.text}\n${sample.text}\n`,
    },
  ]);
  out.push({ path: 'all.env', content: samples.map((sample) => sample.text).join('\n') });
  for (let seed = 1; seed <= 40; seed++) {
    // Random text around keyword-like fragments: near misses must agree too.
    const noise = fakeChars(400, seed, 'abcdefghijklmnopqrstuvwxyz_-.:/~=0123456789 \n');
    out.push({ path: `noise/${seed}.txt`, content: noise });
  }
  return out;
}

describe('secret scan keyword pre-filter', () => {
  it('knows keywords for every rule of the installed preset', async () => {
    const { rulesWithoutKeywords } = await import('./engine');
    expect(rulesWithoutKeywords).toEqual([]);
  });

  it('finds exactly what every rule over the whole text finds', async () => {
    for (const { path, content } of texts()) {
      expect(await scanText(path, content), path).toEqual(await referenceScanText(path, content));
    }
  });

  it('runs no rule on a text without keywords, and only the rules named by those it holds', () => {
    const prefilter = keywordPrefilter(
      ['a', 'b', 'c', 'promptloom/azure'].concat([
        '@secretlint/secretlint-rule-github',
        '@secretlint/secretlint-rule-stripe',
        '@secretlint/secretlint-rule-filter-comments',
      ]),
    );
    // Rules it has no keywords for ('a', 'b', 'c') run on every text.
    expect(prefilter.rulesFor('function add(a, b) { return a + b; }', '.ts')).toEqual([
      'a',
      'b',
      'c',
    ]);
    const only = keywordPrefilter([
      '@secretlint/secretlint-rule-github',
      '@secretlint/secretlint-rule-stripe',
      '@secretlint/secretlint-rule-filter-comments',
    ]);
    expect(only.rulesFor('function add(a, b) { return a + b; }', '.ts')).toEqual([]);
    expect(only.rulesFor('token = GHP_xyz', '.ts')).toEqual(['@secretlint/secretlint-rule-github']);
    expect(only.rulesFor('SK_TEST_1 ghs_2', '.ts').sort()).toEqual([
      '@secretlint/secretlint-rule-github',
      '@secretlint/secretlint-rule-stripe',
    ]);
  });

  it('sees keywords that overlap', () => {
    const aws = '@secretlint/secretlint-rule-aws';
    const notion = '@secretlint/secretlint-rule-notion';
    const prefilter = keywordPrefilter([aws, notion]);
    // "account" ends where "ntn_" begins.
    expect(prefilter.rulesFor('xACCOUNTn_', '.txt').sort()).toEqual([aws, notion]);
    expect(prefilter.rulesFor('ntn_', '.txt')).toEqual([notion]);
  });
});
