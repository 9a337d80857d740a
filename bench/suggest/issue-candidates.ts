// Development aid behind the issue-text set (decision 117): the fix commits of the mirrored
// repositories whose message names an issue ("fixes #N", "closes #N", "resolves #N", or a
// vite "fix(...): … (#PR)"), with the gold history.ts would take (non-test files modified,
// 1–5 of them, at most 15 files changed). Each candidate's issue text is then looked up by
// hand and kept only when it is the very issue; nothing here reads the network.
// Run: node --import tsx bench/suggest/issue-candidates.ts /work/data/candidates.json
import { writeFileSync } from 'node:fs';
import { fileRole } from '@promptloom/core';
import { git, packable } from './history';

const MIRROR = process.env.SUGGEST_MIRROR ?? '/work/.mirror';
const REPOS: [name: string, slug: string][] = [
  ['vite', 'vitejs/vite'],
  ['babel', 'babel/babel'],
  ['cobra', 'spf13/cobra'],
  ['ripgrep', 'BurntSushi/ripgrep'],
  ['click', 'pallets/click'],
  ['black', 'psf/black'],
  ['httpx', 'encode/httpx'],
  ['fd', 'sharkdp/fd'],
  ['fzf', 'junegunn/fzf'],
  // The fresh set's repositories (decision 211).
  ['rich', 'Textualize/rich'],
  ['httpie', 'httpie/cli'],
  ['marshmallow', 'marshmallow-code/marshmallow'],
  ['pipx', 'pypa/pipx'],
  ['jinja', 'pallets/jinja'],
  ['attrs', 'python-attrs/attrs'],
  // The large set's repositories (decision 229).
  ['sqlalchemy', 'sqlalchemy/sqlalchemy'],
  ['pip', 'pypa/pip'],
  ['scrapy', 'scrapy/scrapy'],
  ['celery', 'celery/celery'],
  ['ipython', 'ipython/ipython'],
  ['poetry', 'python-poetry/poetry'],
  ['ansible', 'ansible/ansible'],
];
const GOLD_ROLES = new Set(['source', 'readme']);
const REF =
  /\b(?:fix(?:e[sd])?|close[sd]?|resolve[sd]?)[:\s]+(?:https:\/\/github\.com\/([\w.-]+\/[\w.-]+)\/issues\/|#)(\d+)/gi;

/** The newest commits a mirror can give (a partial mirror answers fewer). */
function logOf(gitDir: string): string {
  for (const depth of [6000, 3000, 1500, 800]) {
    try {
      return git(gitDir, [
        'log',
        '--no-merges',
        '--diff-filter=M',
        '--name-only',
        '--format=%x1e%H%x00%P%x00%s%x00%b%x00',
        `-n${depth}`,
        'HEAD',
      ]);
    } catch {
      // Missing objects further back: read less.
    }
  }
  return '';
}

const candidates: unknown[] = [];
for (const [name, slug] of REPOS) {
  const gitDir = `${MIRROR}/${slug.replace('/', '+')}/repo`;
  for (const record of logOf(gitDir).split('\x1e').slice(1)) {
    const [sha, parent, subject, body, files] = record.split('\x00');
    if (!sha || !parent || parent.includes(' ')) continue;
    const issues = [...`${subject}\n${body}`.matchAll(REF)]
      .filter((m) => !m[1] || m[1].toLowerCase() === slug.toLowerCase())
      .map((m) => Number(m[2]));
    const pr = /\(#(\d+)\)\s*$/.exec(subject!.trim());
    if (issues.length === 0 && !(name === 'vite' && pr && /\bfix/i.test(subject!))) continue;
    const changed = files!.split('\n').filter(Boolean);
    const gold = changed.filter((path) => GOLD_ROLES.has(fileRole(path)) && packable(path, 0));
    if (gold.length === 0 || gold.length > 5 || changed.length > 15) continue;
    candidates.push({
      repo: name,
      sha,
      parent,
      subject: subject!.trim(),
      issues: [...new Set(issues)],
      pr: pr ? Number(pr[1]) : null,
      gold,
    });
  }
}
writeFileSync(process.argv[2] ?? 'candidates.json', JSON.stringify(candidates, null, 1));
process.stderr.write(`${candidates.length} candidates\n`);
