// The criterion on any git checkout (e.g. vite):
//   node --import tsx bench/lab/cli-checkout.ts <checkout>
// packs it with `promptloom pack <dir> --format xml --model gpt-4o -o out.xml` and checks that
// out.xml holds exactly `git ls-files -co --exclude-standard` minus the core list (files the CLI
// names as skipped, binary or over 1 MB, and symbolic links, left out by decision 030, are
// listed apart), and that the printed count is tiktoken o200k's on out.xml.
import { execFileSync, spawnSync } from 'node:child_process';
import { lstatSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CORE_SYSTEM_IGNORE_PATTERNS } from '@promptloom/core';
import { get_encoding } from 'tiktoken';

const dir = process.argv[2];
if (!dir) throw new Error('usage: bench/lab/cli-checkout.ts <git checkout>');
const scratch = mkdtempSync(join(tmpdir(), 'promptloom-checkout-'));
const out = join(scratch, 'out.xml');
const bin = join(import.meta.dirname, '../../packages/cli/bin/promptloom.js');
const args = [bin, 'pack', dir, '--format', 'xml', '--model', 'gpt-4o', '-o', out, '--json'];
const run = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 1 << 28 });
if (run.status !== 0) throw new Error(run.stderr);
const summary = JSON.parse(run.stdout) as {
  tokens: number;
  skipped: { path: string; reason: string }[];
};

const excludes = join(scratch, 'core-excludes');
writeFileSync(excludes, CORE_SYSTEM_IGNORE_PATTERNS.join('\n'));
const git = (cwd: string, gitArgs: string[], input?: string) =>
  spawnSync(
    'git',
    ['-c', 'core.quotePath=false', '-c', `core.excludesFile=${excludes}`, ...gitArgs],
    {
      cwd,
      encoding: 'utf8',
      input,
      maxBuffer: 1 << 28,
    },
  ).stdout;
const listed = git(dir, ['ls-files', '-co', '--exclude-standard']).split('\n').filter(Boolean);
// The core list alone, in an empty repository: no .gitignore there re-includes what it ignores.
execFileSync('git', ['init', '-q', join(scratch, 'empty')]);
const ignored = new Set(
  git(join(scratch, 'empty'), ['check-ignore', '--no-index', '--stdin'], listed.join('\n')).split(
    '\n',
  ),
);
const expected = listed.filter((path) => !ignored.has(path));
const prompt = readFileSync(out, 'utf8');
const written = new Set([...prompt.matchAll(/^<file path="(.+)">$/gm)].map((m) => m[1]!));
const skipped = new Map(summary.skipped.map((s) => [s.path, s.reason]));
const symlink = (path: string) =>
  lstatSync(join(dir, path), { throwIfNoEntry: false })?.isSymbolicLink();
const missing = expected.filter((path) => !written.has(path) && !skipped.has(path));
const extra = [...written].filter((path) => !expected.includes(path));
const o200k = get_encoding('o200k_base');
const tiktoken = o200k.encode_ordinary(prompt).length;
o200k.free();
rmSync(scratch, { recursive: true, force: true });

console.log(`git files minus the core list: ${expected.length}`);
console.log(
  `written: ${written.size}; skipped by the CLI: ${skipped.size} (${[...new Set(skipped.values())].join(', ') || 'none'})`,
);
console.log(`symbolic links left out (decision 030): ${missing.filter(symlink).length}`);
console.log(`missing otherwise: ${missing.filter((p) => !symlink(p)).join(', ') || 'none'}`);
console.log(`written but not git's: ${extra.join(', ') || 'none'}`);
console.log(
  `printed ${summary.tokens} tokens, tiktoken o200k on out.xml ${tiktoken}: ${summary.tokens === tiktoken ? 'equal' : 'DIFFERENT'}`,
);
process.exitCode =
  missing.some((p) => !symlink(p)) || extra.length > 0 || summary.tokens !== tiktoken ? 1 : 0;
