// The apply development corpus (decision 113): about 2,000 cases built at run time from real
// commits of the fetched repositories (their diffs written clean and damaged, as search/replace
// blocks and whole files), Aider's fixture of real model answers and git's own apply tests.
// Each goes through core's parse + plan; a sample also through the real `promptloom apply`.
// Prints a table of outcomes by source and by variant, and the cases that went wrong.
//
//   node --import tsx bench/lab/apply-corpus.ts [--cli N] [--show CLASS[:VARIANT][,...]] [--only SOURCE]
//     [--repos held-out|held-out-2|held-out-3|held-out-4|held-out-5|OWNER+NAME,...] (commits of other repositories instead, no Aider or git)
//     [--dump 'CASE NAME'] (writes its files, answer, expected and our result to a temp folder)
// Needs /work/.mirror/<owner+name>/repo (the `fetch` tool) for vite, babel, flask, cobra,
// ripgrep, aider and git; a missing mirror is skipped and said.
import { existsSync } from 'node:fs';
import type { Case } from './apply-corpus/case';
import { commitCasesOf, DEVELOPMENT_REPOS, MIRRORS } from './apply-corpus/commit-cases';
import { aiderCases } from './apply-corpus/aider';
import { gitTestCases } from './apply-corpus/git-tests';
import { classify, dumpCase, runCli, runCore, type Outcome } from './apply-corpus/run';

/** Other fetched repositories, not used to develop: `--repos held-out` (or a list). */
const HELD_OUT = ['encode+httpx', 'junegunn+fzf', 'pallets+click', 'psf+black', 'sharkdp+fd'];
/** Four more, of other languages and text shapes: `--repos held-out-2`. */
const HELD_OUT_2 = ['expressjs+express', 'rust-lang+mdBook', 'sphinx-doc+sphinx', 'tokio-rs+axum'];
/** Six more: tabs (got, go-cmp), Markdown (tldr), C# (Newtonsoft.Json): `--repos held-out-3`. */
const HELD_OUT_3 = [
  'tokio-rs+mio',
  'python-attrs+attrs',
  'sindresorhus+got',
  'google+go-cmp',
  'JamesNK+Newtonsoft.Json',
  'tldr-pages+tldr',
];
/**
 * Eight more: PHP, Ruby, Java, Swift, C, SCSS, CRLF files (Notepad++), long Unicode Markdown
 * lines (free-programming-books): `--repos held-out-4`.
 */
const HELD_OUT_4 = [
  'PHPMailer+PHPMailer',
  'sinatra+sinatra',
  'google+gson',
  'Alamofire+Alamofire',
  'jqlang+jq',
  'jekyll+minima',
  'notepad-plus-plus+notepad-plus-plus',
  'EbookFoundation+free-programming-books',
];
/**
 * Eleven more: Kotlin, Elixir, Haskell, Lua, Dart, shell scripts with spaces in their names
 * (nvm), YAML Helm charts, Vue and Svelte components (vitepress, kit), long JSON schemas
 * (schemastore), PowerShell's C#: `--repos held-out-5`.
 */
const HELD_OUT_5 = [
  'coil-kt+coil',
  'elixir-plug+plug',
  'koalaman+shellcheck',
  'folke+lazy.nvim',
  'felangel+bloc',
  'nvm-sh+nvm',
  'prometheus-community+helm-charts',
  'vuejs+vitepress',
  'sveltejs+kit',
  'SchemaStore+schemastore',
  'PowerShell+PowerShell',
];
const NAMED_SETS: Record<string, string[]> = {
  'held-out': HELD_OUT,
  'held-out-2': HELD_OUT_2,
  'held-out-3': HELD_OUT_3,
  'held-out-4': HELD_OUT_4,
  'held-out-5': HELD_OUT_5,
};

const arg = (name: string) => {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : process.argv[at + 1];
};

function allCases(only: string | undefined): Case[] {
  const repos = arg('--repos');
  const chosen = repos === undefined ? DEVELOPMENT_REPOS : (NAMED_SETS[repos] ?? repos.split(','));
  const cases = commitCasesOf(
    chosen.filter((r) => !only || r.endsWith(`+${only}`)),
    (repo, gitDir) => console.error(`skipped ${repo}: no mirror at ${gitDir}`),
  );
  for (const [repo, build] of [
    ['Aider-AI+aider', aiderCases],
    ['git+git', gitTestCases],
  ] as const) {
    if (repos !== undefined) continue;
    if (only && only !== (repo === 'git+git' ? 'git-tests' : 'aider')) continue;
    const gitDir = `${MIRRORS}/${repo}/repo`;
    if (existsSync(gitDir)) cases.push(...build(gitDir));
    else console.error(`skipped ${repo}: no mirror at ${gitDir}`);
  }
  return cases;
}

const OUTCOMES: Outcome[] = [
  'held',
  'refused-correctly',
  'refused-wrongly',
  'WRONG-WRITE',
  'wrong-partial-write',
  'exit0-no-write',
];

function table(title: string, rows: Map<string, Map<Outcome, number>>) {
  const head = [title.padEnd(26), ...OUTCOMES.map((o) => o.padStart(o.length + 1)), '  total'];
  console.log(head.join(''));
  const totals = new Map<Outcome, number>();
  for (const [key, counts] of [...rows].sort()) {
    const total = [...counts.values()].reduce((a, b) => a + b, 0);
    console.log(
      [
        key.padEnd(26),
        ...OUTCOMES.map((o) => String(counts.get(o) ?? 0).padStart(o.length + 1)),
        String(total).padStart(7),
      ].join(''),
    );
    for (const [o, n] of counts) totals.set(o, (totals.get(o) ?? 0) + n);
  }
  const all = [...totals.values()].reduce((a, b) => a + b, 0);
  console.log(
    [
      `all`.padEnd(26),
      ...OUTCOMES.map((o) => String(totals.get(o) ?? 0).padStart(o.length + 1)),
      String(all).padStart(7),
    ].join(''),
  );
  const good = (totals.get('held') ?? 0) + (totals.get('refused-correctly') ?? 0);
  console.log(`held or refused correctly: ${((100 * good) / all).toFixed(2)} %\n`);
}

const count = (rows: Map<string, Map<Outcome, number>>, key: string, outcome: Outcome) => {
  const counts = rows.get(key) ?? new Map<Outcome, number>();
  counts.set(outcome, (counts.get(outcome) ?? 0) + 1);
  rows.set(key, counts);
};

const started = performance.now();
const only = arg('--only');
const cases = allCases(only).filter((c) => !only || c.source === only);
const bySource = new Map<string, Map<Outcome, number>>();
const byVariant = new Map<string, Map<Outcome, number>>();
const show = arg('--show');
const dump = arg('--dump');
for (const c of cases) {
  let outcome: Outcome;
  let detail = '';
  try {
    const result = runCore(c);
    outcome = classify(c, result);
    detail = result.detail;
  } catch (error) {
    outcome = 'refused-wrongly';
    detail = `threw ${String(error)}`;
  }
  count(bySource, c.source, outcome);
  count(byVariant, c.variant, outcome);
  if (dump && c.name === dump) dumpCase(c, runCore(c));
  const shown = show?.split(',').some((one) => {
    const [showClass, showVariant] = one.split(':');
    return outcome === showClass && (!showVariant || showVariant === c.variant);
  });
  if (shown) console.log(`--- ${outcome} ${c.name}\n${detail}\n`);
}
table('core, by source', bySource);
table('core, by variant', byVariant);

const sample = Number(arg('--cli') ?? 40);
if (sample > 0) {
  const cli = new Map<string, Map<Outcome, number>>();
  const step = Math.max(1, Math.floor(cases.length / sample));
  for (let k = 0; k < cases.length && cli.size >= 0; k += step) {
    const c = cases[k]!;
    const outcome = classify(c, runCli(c));
    count(cli, 'cli sample', outcome);
    const core = classify(c, runCore(c));
    if (core !== outcome)
      console.log(`cli and core differ on ${c.name}: cli ${outcome}, core ${core}`);
  }
  table('real CLI, every Nth case', cli);
}
console.log(`${cases.length} cases in ${((performance.now() - started) / 1000).toFixed(1)} s`);
