import { readFile, realpath, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import {
  freedPaths,
  isDotGitSegment,
  parseAnswer,
  planApply,
  planClashes,
  refusePlannedFiles,
  spellAsFolder,
  touchedPaths,
} from '@promptloom/core';
import { anyFailed, planJson, printPlan, printUndo } from '../apply/print-plan';
import { caseRenames, knownPathIn, readProjectFiles, spellingIn } from '../apply/project-files';
import { UndoStore } from '../apply/undo-store';
import { changedFiles, undoLast, writePlan } from '../apply/write-plan';
import type { CliEnv } from '../lib/env';
import { CliError, EXIT, isClosedPipe } from '../lib/errors';
import type { Output } from '../lib/output';

export interface ApplyFlags {
  /** Absent: the current folder, unless it is inside the Promptloom checkout. */
  dir?: string;
  dryRun?: boolean;
  json?: boolean;
  undo?: boolean;
}

/** The Promptloom checkout (its root package.json, with workspaces) holding `dir`, if any. */
async function promptloomCheckout(dir: string): Promise<string | null> {
  for (let at = dir; ; at = dirname(at)) {
    const manifest = await readFile(join(at, 'package.json'), 'utf8').catch(() => null);
    try {
      const json = manifest === null ? null : (JSON.parse(manifest) as Record<string, unknown>);
      if (json?.name === 'promptloom' && json.workspaces) return at;
    } catch {
      // Not JSON: not the checkout.
    }
    if (dirname(at) === at) return null;
  }
}

/**
 * The project's real path. Without --dir, a run inside Promptloom's own checkout (a
 * developer trying the command there) refuses: its files are edited only with --dir given.
 */
async function projectRoot(dir: string | undefined): Promise<string> {
  const info = await stat(dir ?? '.').catch(() => null);
  if (!info?.isDirectory()) throw new CliError(`${dir ?? '.'} is not a folder`, EXIT.usage);
  const root = await realpath(resolve(dir ?? '.'));
  const checkout = dir === undefined ? await promptloomCheckout(root) : null;
  if (checkout !== null) {
    throw new CliError(
      `${root} is inside the Promptloom checkout (${checkout}): give --dir . to edit Promptloom's own files, or --dir DIR for your project`,
      EXIT.usage,
    );
  }
  if (root.split(sep).some(isDotGitSegment)) {
    throw new CliError(`${root} is inside .git/, which is never written`, EXIT.usage);
  }
  return root;
}

async function readAnswer(source: string | undefined): Promise<string> {
  if (source === undefined || source === '-') {
    if (process.stdin.isTTY) {
      throw new CliError(
        'no answer: give a file, or pipe the answer in (promptloom apply -)',
        EXIT.usage,
      );
    }
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }
  return readFile(source, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new CliError(`cannot read ${source}: ${error.code ?? error.message}`, EXIT.usage);
  });
}

/**
 * Resolves once the document is handed to the OS. A reader gone already (`| head -0`) is no
 * failure: the plan on stderr and the exit status still say what was written.
 */
const printJson = (value: unknown) =>
  new Promise<void>((done, fail) =>
    process.stdout.write(`${JSON.stringify(value, null, 2)}\n`, (error) =>
      error && !isClosedPipe(error) ? fail(error) : done(),
    ),
  );

/**
 * `promptloom apply [ANSWER|-]`: plans the answer against the folder (core apply/), prints
 * the plan on stderr, writes the files that apply cleanly and keeps their previous bytes for
 * `--undo`. Exit 0 when every block applied, 1 when any failed, 2 for bad usage.
 */
export async function applyCommand(
  answerSource: string | undefined,
  flags: ApplyFlags,
  env: CliEnv,
  out: Output,
): Promise<void> {
  const root = await projectRoot(flags.dir);
  const store = new UndoStore(env.cacheDir, root);
  if (flags.undo) {
    if (answerSource !== undefined) throw new CliError('--undo takes no answer', EXIT.usage);
    const outcome = await undoLast(root, store, flags.dryRun ?? false);
    if (!outcome) throw new CliError(`nothing to undo in ${root}`);
    if (flags.json) await printJson({ dir: root, dryRun: flags.dryRun ?? false, ...outcome });
    printUndo(out, outcome, flags.dryRun ?? false);
    if (outcome.leftAlone.length > 0 || outcome.refused.length > 0) process.exitCode = EXIT.failure;
    return;
  }

  // A line naming a file of the project is its path, whatever its shape; a path the project
  // spells in another Unicode form is read as the project's.
  const parsed = spellAsFolder(
    parseAnswer(await readAnswer(answerSource), { knownPath: knownPathIn(root) }),
    spellingIn(root),
  );
  const touched = touchedPaths(parsed);
  const { files, refused } = await readProjectFiles(root, touched);
  // A case-only rename on a case-insensitive disk: the new spelling is the old file, not one
  // in the way.
  const renames = await caseRenames(root, touched, freedPaths(parsed.edits).freed);
  for (const to of renames.keys()) files.set(to, null);
  const read = refusePlannedFiles(planApply(parsed, files), refused);
  const planned = refusePlannedFiles(read, planClashes(read));
  const outcome = flags.dryRun
    ? { written: changedFiles(planned), refused: new Map() }
    : await writePlan(root, planned, store, renames);
  // Files the check just before their write refused are reported as failed, with why.
  const plan = refusePlannedFiles(planned, outcome.refused);
  const written = outcome.written;
  if (flags.json) {
    const paths = flags.dryRun ? [] : written.map((file) => file.path);
    await printJson(planJson(plan, root, flags.dryRun ?? false, paths));
  }
  if (parsed.edits.length === 0 && parsed.problems.length === 0) {
    out.error(
      'no edits found in the answer (whole files under their path, search/replace blocks or a unified diff)',
    );
    process.exitCode = EXIT.failure;
    return;
  }
  printPlan(out, plan, written.length, flags.dryRun ?? false);
  if (anyFailed(plan)) process.exitCode = EXIT.failure;
}
