// One measurement in a fresh process, so its peak RSS is its own. Prints one JSON line.
import { readFile, rm, utimes, writeFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { CORE_SYSTEM_IGNORE_PATTERNS, scanProject } from '@promptloom/core';
import { NodeFileProvider, ProjectPacker } from '@promptloom/core/node';

/** The reference, OpenAI's tiktoken (special tokens as text), loaded only by the task using it. */
async function tiktokenCount(text: string): Promise<number> {
  const { get_encoding } = await import('tiktoken');
  return get_encoding('cl100k_base').encode_ordinary(text).length;
}

const [task, dir, changePath] = process.argv.slice(2) as [string, string, string | undefined];
const options = { corePatterns: CORE_SYSTEM_IGNORE_PATTERNS };
const peakMb = () => process.resourceUsage().maxRSS / 1024;

async function main(): Promise<Record<string, number | string>> {
  if (task === 'scan') {
    const started = performance.now();
    const { files } = await scanProject(new NodeFileProvider(dir), basename(dir), options);
    return { ms: performance.now() - started, files: files.length };
  }
  if (task === 'pack' || task === 'exact') {
    const started = performance.now();
    const packer = new ProjectPacker(dir, options);
    const result = await packer.pack();
    const ms = performance.now() - started;
    await packer.close();
    const out: Record<string, number | string> = {
      ms,
      files: result.packedFiles,
      tokens: result.totalTokens,
      chars: result.prompt.length,
    };
    // The reference figure: the whole prompt as one string, counted by tiktoken.
    if (task === 'exact') out.exact = await tiktokenCount(result.prompt);
    return out;
  }
  if (task === 'repack') {
    const packer = new ProjectPacker(dir, options);
    const cold = await packer.pack();
    const file = join(dir, changePath!);
    const original = await readFile(file);
    const { atime, mtime } = await stat(file);
    try {
      await writeFile(file, `${original.toString()}\n// edited by the benchmark\n`);
      const started = performance.now();
      const warm = await packer.pack();
      const ms = performance.now() - started;
      return {
        ms,
        tokens: warm.totalTokens,
        coldTokens: cold.totalTokens,
        tokenized: warm.tokenized,
        warmScanMs: warm.timings.scanMs,
      };
    } finally {
      await writeFile(file, original);
      await utimes(file, atime, mtime);
      await packer.close();
    }
  }
  if (task === 'repomix' || task === 'repomix-current') {
    // 1.14.0 pinned, or the current 1.18.1 (its token cache: $TMPDIR/repomix, set by run.ts).
    const { runCli, setLogLevel } =
      task === 'repomix' ? await import('repomix') : await import('repomix-current');
    setLogLevel(-1);
    const output = join(tmpdir(), `repomix-bench-${process.pid}.xml`);
    const started = performance.now();
    const result = await runCli(['.'], dir, {
      output,
      style: 'xml',
      securityCheck: false,
      tokenCountEncoding: 'cl100k_base',
      quiet: true,
    });
    const ms = performance.now() - started;
    await rm(output, { force: true }); // ~30 MB a run on the large corpus
    const pack = result && 'packResult' in result ? result.packResult : undefined;
    return { ms, files: pack?.totalFiles ?? 0, tokens: pack?.totalTokens ?? 0 };
  }
  throw new Error(`unknown task ${task}`);
}

const result = await main();
process.stdout.write(`${JSON.stringify({ ...result, peakMb: peakMb() })}\n`);
process.exit(0);
