// Apply row: reading and planning the 2 MB answer of apply-answer.ts (300 blocks over 100
// files) with core's parseAnswer + touchedPaths + planApply, the files read from a temp folder
// as the CLI reads them. Each run is a fresh child process (`node --import tsx bench/apply.ts
// run`), so the figure is a first, cold plan, as a user's one paste is; `node --import tsx
// bench/apply.ts` alone prints the row.
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseAnswer, planApply, touchedPaths, type FileText } from '@promptloom/core';
import {
  adversarialAnswers,
  planAdversarial,
} from '../packages/core/src/apply/adversarial-answers';
import {
  APPLY_BENCH_BLOCKS,
  APPLY_BENCH_FILES,
  applyBenchAnswer,
  writeApplyBenchFiles,
} from './apply-answer';

const RUNS = 5;
/** The target for reading and planning the answer in Node. */
const TARGET_MS = 150;
/** The target for the slowest adversarial answer of the core test set (decision 090). */
const ADVERSARIAL_TARGET_MS = 1_000;

/** Parse + plan of each adversarial answer, in this process: the slowest one. */
function slowestAdversarial(): { name: string; ms: number } {
  let slowest = { name: '', ms: 0 };
  for (const adversarial of adversarialAnswers()) {
    const started = performance.now();
    planAdversarial(adversarial);
    const name = adversarial.name;
    const ms = performance.now() - started;
    if (ms > slowest.ms) slowest = { name, ms };
  }
  return slowest;
}

interface ApplySample {
  /** parse + plan, the files already read. */
  planMs: number;
  /** Reading the 100 files as well (what `promptloom apply` does before planning). */
  withReadMs: number;
  /** CPU time of parse + plan (the process's, GC threads included): what a loaded machine's waits leave out. */
  planCpuMs: number;
  answerBytes: number;
  applied: number;
  blocks: number;
}

async function run(): Promise<ApplySample> {
  const { files, answer } = applyBenchAnswer();
  const dir = await mkdtemp(join(tmpdir(), 'promptloom-apply-bench-'));
  try {
    await writeApplyBenchFiles(dir, files);
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    const parsed = parseAnswer(answer);
    const parseCpu = process.cpuUsage(cpuStarted);
    const texts = new Map<string, FileText | null>();
    const readStarted = performance.now();
    await Promise.all(
      touchedPaths(parsed).map(async (path) => {
        texts.set(path, { text: await readFile(join(dir, path), 'utf8') });
      }),
    );
    const readMs = performance.now() - readStarted;
    const planCpuStarted = process.cpuUsage();
    const plan = planApply(parsed, texts);
    const planCpu = process.cpuUsage(planCpuStarted);
    const withReadMs = performance.now() - started;
    return {
      planMs: withReadMs - readMs,
      planCpuMs: (parseCpu.user + parseCpu.system + planCpu.user + planCpu.system) / 1000,
      withReadMs,
      answerBytes: Buffer.byteLength(answer),
      applied: plan.files.filter((file) => file.status === 'modified').length,
      blocks: parsed.edits.length,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const fmt = (values: number[]) =>
  `${Math.round(median(values))} ms (${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))} ms)`;

/** The table row: RUNS fresh processes, median (min–max). */
export function measureApply(): string[] {
  const samples: ApplySample[] = [];
  for (let k = 0; k < RUNS; k++) {
    const out = execFileSync(process.execPath, ['--import', 'tsx', import.meta.filename, 'run'], {
      encoding: 'utf8',
    });
    samples.push(JSON.parse(out.trim().split('\n').at(-1)!) as ApplySample);
  }
  const first = samples[0]!;
  const plan = samples.map((sample) => sample.planMs);
  const whole = samples.map((sample) => sample.withReadMs);
  const cpu = Math.round(median(samples.map((sample) => sample.planCpuMs)));
  const clean = first.applied === APPLY_BENCH_FILES && first.blocks === APPLY_BENCH_BLOCKS;
  const mb = (first.answerBytes / 1_048_576).toFixed(1);
  const adversarial = execFileSync(
    process.execPath,
    ['--import', 'tsx', import.meta.filename, 'adversarial'],
    { encoding: 'utf8' },
  );
  const worst = JSON.parse(adversarial.trim().split('\n').at(-1)!) as { name: string; ms: number };
  return [
    `| synthetic | 14. apply: read + plan a ${mb} MB answer, ${first.blocks} blocks over ${first.applied} files (${clean ? 'all apply' : '**not all applied**'}) | ${fmt(plan)}; CPU ${cpu} ms | | | | | | ${median(plan) <= TARGET_MS && clean ? 'yes' : '**NO**'} |`,
    `| synthetic | 14. apply: the same with the 100 files read from disk | ${fmt(whole)} | | | | | | – |`,
    `| synthetic | 14. apply: the slowest of ${adversarialAnswers().length} adversarial 2 MB answers (${worst.name}) | ${Math.round(worst.ms)} ms | | | | | | ${worst.ms <= ADVERSARIAL_TARGET_MS ? 'yes' : '**NO**'} |`,
  ];
}

if (process.argv[2] === 'run') console.log(JSON.stringify(await run()));
else if (process.argv[2] === 'adversarial') console.log(JSON.stringify(slowestAdversarial()));
else if (import.meta.filename === process.argv[1]) console.log(measureApply().join('\n'));
