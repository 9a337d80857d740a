// Runs a case through core (parse, touched paths, plan) or through the real CLI on a temp
// folder, and classifies the outcome.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseAnswer, planApply, touchedPaths, type FileText } from '@promptloom/core';
import type { Case } from './case';

export type Outcome =
  | 'held'
  | 'refused-correctly'
  | 'refused-wrongly'
  | 'WRONG-WRITE'
  | 'wrong-partial-write'
  /** Exit 0 having written nothing where a refusal was expected (a no-op hunk git calls corrupt). */
  | 'exit0-no-write';

export interface Result {
  /** Every block applied (the CLI's exit 0). */
  ok: boolean;
  /** The text of each path the run wrote (null: removed). */
  written: Map<string, string | null>;
  detail: string;
}

export function runCore(c: Case): Result {
  const parsed = parseAnswer(c.answer, { knownPath: (path) => c.files.has(path) });
  const texts = new Map<string, FileText | null>();
  for (const path of touchedPaths(parsed)) {
    const text = c.files.get(path);
    texts.set(path, text === undefined ? null : { text });
  }
  const plan = planApply(parsed, texts);
  const written = new Map<string, string | null>();
  for (const file of plan.files) {
    if (file.status === 'failed' || file.status === 'unchanged') continue;
    written.set(file.path, file.after);
    if (
      file.oldPath &&
      file.oldPath !== file.path &&
      !plan.files.some((f) => f.path === file.oldPath)
    )
      written.set(file.oldPath, null);
  }
  const failures = [...plan.failures, ...plan.files.flatMap((f) => f.failures)];
  const ok = parsed.edits.length > 0 && failures.length === 0;
  const detail =
    failures
      .map((f) => `${f.code}: ${f.message}`)
      .slice(0, 3)
      .join('; ') || (parsed.edits.length ? '' : 'no edits');
  return { ok, written, detail };
}

const CLI = join(import.meta.dirname, '../../../packages/cli/src/main.ts');

/** The real `promptloom apply` on a temp folder holding the pre-image. */
export function runCli(c: Case): Result {
  const dir = mkdtempSync(join(tmpdir(), 'apply-corpus-cli-'));
  try {
    const project = join(dir, 'p');
    for (const [path, text] of c.files) {
      mkdirSync(dirname(join(project, path)), { recursive: true });
      writeFileSync(join(project, path), text);
    }
    mkdirSync(project, { recursive: true });
    writeFileSync(join(dir, 'answer.md'), c.answer);
    let ok = true;
    let detail = '';
    try {
      execFileSync(
        process.execPath,
        ['--import', 'tsx', CLI, 'apply', '--dir', project, join(dir, 'answer.md')],
        {
          env: { PATH: process.env.PATH ?? '', HOME: dir, XDG_CACHE_HOME: join(dir, 'cache') },
          stdio: ['ignore', 'ignore', 'pipe'],
          encoding: 'utf8',
        },
      );
    } catch (error) {
      ok = false;
      detail = String((error as { stderr?: string }).stderr ?? '').slice(0, 300);
    }
    const written = new Map<string, string | null>();
    for (const path of new Set([...c.files.keys(), ...c.expect.keys()])) {
      const at = join(project, path);
      const now = existsSync(at) ? readFileSync(at, 'utf8') : null;
      if (now !== (c.files.get(path) ?? null)) written.set(path, now);
    }
    return { ok, written, detail };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function classify(c: Case, r: Result): Outcome {
  const before = (path: string) => c.files.get(path) ?? null;
  const right = (path: string, text: string | null) =>
    c.expect.has(path) && c.expect.get(path) === text;
  const writesRight = [...r.written].every(([path, text]) => right(path, text));
  if (c.mustFail) {
    if (r.ok) return r.written.size === 0 ? 'exit0-no-write' : 'WRONG-WRITE';
    return writesRight ? 'refused-correctly' : 'wrong-partial-write';
  }
  if (r.ok) {
    const all = [...c.expect].every(
      ([path, text]) => (r.written.has(path) ? r.written.get(path) : before(path)) === text,
    );
    return all && writesRight ? 'held' : 'WRONG-WRITE';
  }
  if (!writesRight) return 'wrong-partial-write';
  return c.either ? 'refused-correctly' : 'refused-wrongly';
}

/** Writes a case and our result under a temp folder, to read with diff. */
export function dumpCase(c: Case, r: Result) {
  const dir = mkdtempSync(join(tmpdir(), 'apply-corpus-case-'));
  const put = (side: string, files: Map<string, string | null>) => {
    for (const [path, text] of files) {
      if (text === null) continue;
      mkdirSync(dirname(join(dir, side, path)), { recursive: true });
      writeFileSync(join(dir, side, path), text);
    }
  };
  put('before', c.files);
  put('expect', c.expect);
  put('ours', r.written);
  writeFileSync(join(dir, 'answer.md'), c.answer);
  writeFileSync(join(dir, 'detail.txt'), `${r.ok}\n${r.detail}\n`);
  console.log(`dumped ${c.name} to ${dir}`);
}
