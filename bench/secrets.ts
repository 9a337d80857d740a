// Secret-scan row: core's scanFiles (secretlint's recommended preset + Azure) over a 400-file
// selection of the medium corpus, the size of a large selection in the app. Runs in a fresh
// child process so the first (cold) scan includes loading the rules, as a first Generate does.
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { CORE_SYSTEM_IGNORE_PATTERNS, FILE_SIZE_LIMIT_BYTES, scanProject } from '@promptloom/core';
import { NodeFileProvider } from '@promptloom/core/node';
import { scanFiles } from '@promptloom/core/secrets';

const SELECTION = 400;
const RUNS = 3;

interface ScanSample {
  files: number;
  bytes: number;
  findings: number;
  /** Every run in this process: the first includes loading the rule set. */
  ms: number[];
}

async function task(dir: string): Promise<ScanSample> {
  const { files } = await scanProject(new NodeFileProvider(dir), basename(dir), {
    corePatterns: CORE_SYSTEM_IGNORE_PATTERNS,
  });
  // Spread over the whole project (every n-th file), not its first folder's small files.
  const eligible = files.filter((file) => file.size <= FILE_SIZE_LIMIT_BYTES);
  const step = Math.max(1, Math.floor(eligible.length / SELECTION));
  const picked = eligible.filter((_, i) => i % step === 0).slice(0, SELECTION);
  const selection = await Promise.all(
    picked.map(async (file) => ({
      path: file.path,
      content: await readFile(join(dir, file.path), 'utf8'),
    })),
  );
  const bytes = selection.reduce((sum, file) => sum + Buffer.byteLength(file.content), 0);
  const ms: number[] = [];
  let findings = 0;
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    findings = (await scanFiles(selection)).length;
    ms.push(performance.now() - started);
  }
  return { files: selection.length, bytes, findings, ms };
}

/** One table row (the main table's columns) for the scan of a 400-file selection. */
export function measureSecretScan(corpus: { name: string; dir: string }): string[] {
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', import.meta.filename, corpus.dir],
    { encoding: 'utf8', maxBuffer: 16 << 20 },
  );
  const sample = JSON.parse(out.trim().split('\n').at(-1)!) as ScanSample;
  const [cold, ...warm] = sample.ms;
  const warmMedian = [...warm].sort((a, b) => a - b)[warm.length >> 1]!;
  const mb = (sample.bytes / 1_048_576).toFixed(1);
  return [
    `| ${corpus.name} | 8. secret scan (${sample.files} files, ${mb} MB, ${sample.findings} findings) | cold ${Math.round(cold!)} ms, warm ${Math.round(warmMedian)} ms | | | | | | ${cold! < 1000 ? 'yes' : '**NO**'} |`,
  ];
}

if (import.meta.filename === process.argv[1]) {
  const [dir] = process.argv.slice(2);
  if (dir) {
    process.stdout.write(`${JSON.stringify(await task(dir))}\n`, () => process.exit(0));
  } else {
    const { ensureCorpora } = await import('./corpora');
    const medium = (await ensureCorpora()).find((c) => c.name === 'medium')!;
    console.log(measureSecretScan(medium).join('\n'));
  }
}
