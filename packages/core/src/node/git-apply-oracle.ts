import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export interface GitApplyResult {
  ok: boolean;
  /** Each asked path's text after `git apply` (null: it does not exist). */
  files: Map<string, string | null>;
  stderr: string;
}

/**
 * The reference for unified diffs in tests: writes `files` into a fresh folder (git apply
 * works outside a repository, like patch), runs `git apply` with `patch`, and reads back `paths` (git apply is all or nothing: on failure
 * the files are as written).
 */
export function gitApply(
  files: Record<string, string>,
  patch: string,
  paths: string[] = Object.keys(files),
): GitApplyResult {
  const dir = mkdtempSync(join(tmpdir(), 'promptloom-apply-'));
  try {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    const run = spawnSync('git', ['apply', '--whitespace=nowarn', '-'], {
      cwd: dir,
      input: patch,
      encoding: 'utf8',
    });
    const result = new Map<string, string | null>();
    for (const path of paths) {
      const absolute = join(dir, path);
      result.set(path, existsSync(absolute) ? readFileSync(absolute, 'utf8') : null);
    }
    return { ok: run.status === 0, files: result, stderr: run.stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `git diff --no-index` of two texts as a patch of `path` (a/ and b/ prefixes). */
export function gitDiff(path: string, before: string, after: string, context = 3): string {
  const dir = mkdtempSync(join(tmpdir(), 'promptloom-diff-'));
  try {
    mkdirSync(join(dir, 'a', dirname(path)), { recursive: true });
    mkdirSync(join(dir, 'b', dirname(path)), { recursive: true });
    writeFileSync(join(dir, 'a', path), before);
    writeFileSync(join(dir, 'b', path), after);
    const run = spawnSync(
      'git',
      ['diff', '--no-index', '--no-color', `-U${context}`, '--', join('a', path), join('b', path)],
      { cwd: dir, encoding: 'utf8' },
    );
    // --no-index names the sides a/a/<path> and b/b/<path>: give them the usual names.
    return run.stdout.replaceAll(`a/a/${path}`, `a/${path}`).replaceAll(`b/b/${path}`, `b/${path}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Lines added and removed between two texts, as `git diff --no-index --numstat --minimal` counts them. */
export function gitNumstat(before: string, after: string): { added: number; removed: number } {
  const dir = mkdtempSync(join(tmpdir(), 'promptloom-numstat-'));
  try {
    writeFileSync(join(dir, 'a'), before);
    writeFileSync(join(dir, 'b'), after);
    const run = spawnSync('git', ['diff', '--no-index', '--numstat', '--minimal', '--', 'a', 'b'], {
      cwd: dir,
      encoding: 'utf8',
    });
    const [added = '0', removed = '0'] = run.stdout.trim().split('\t');
    return { added: Number(added), removed: Number(removed) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `diff -ruN old new` of two trees (path → text; a path absent from a side does not exist there). */
export function gnuDiff(before: Record<string, string>, after: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'promptloom-gnu-'));
  try {
    for (const [side, files] of [
      ['old', before],
      ['new', after],
    ] as const) {
      mkdirSync(join(dir, side));
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(dirname(join(dir, side, path)), { recursive: true });
        writeFileSync(join(dir, side, path), text);
      }
    }
    // Missing sides are dated at the epoch in the local time zone (1969-12-31 west of UTC).
    const run = spawnSync('diff', ['-ruN', 'old', 'new'], { cwd: dir, encoding: 'utf8' });
    return run.stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
