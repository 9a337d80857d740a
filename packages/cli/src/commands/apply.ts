import { readFile, realpath, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseAnswer, planApply, touchedPaths } from '@promptloom/core';
import { anyFailed, planJson, printPlan, printUndo } from '../apply/print-plan';
import { readProjectFiles, refuseFiles } from '../apply/project-files';
import { UndoStore } from '../apply/undo-store';
import { changedFiles, undoLast, writePlan } from '../apply/write-plan';
import type { CliEnv } from '../lib/env';
import { CliError, EXIT } from '../lib/errors';
import type { Output } from '../lib/output';

export interface ApplyFlags {
  dir: string;
  dryRun?: boolean;
  json?: boolean;
  undo?: boolean;
}

async function projectRoot(dir: string): Promise<string> {
  const info = await stat(dir).catch(() => null);
  if (!info?.isDirectory()) throw new CliError(`${dir} is not a folder`, EXIT.usage);
  return realpath(resolve(dir));
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

const printJson = (value: unknown) =>
  new Promise<void>((done, fail) =>
    process.stdout.write(`${JSON.stringify(value, null, 2)}\n`, (error) =>
      error ? fail(error) : done(),
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
    if (outcome.leftAlone.length > 0) process.exitCode = EXIT.failure;
    return;
  }

  const parsed = parseAnswer(await readAnswer(answerSource));
  const { files, refused } = await readProjectFiles(root, touchedPaths(parsed));
  const plan = refuseFiles(planApply(parsed, files), refused);
  const written = flags.dryRun ? changedFiles(plan) : await writePlan(root, plan, store);
  if (flags.json) await printJson(planJson(plan, root, !flags.dryRun && written.length > 0));
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
