import type { CliEnv } from '../lib/env';
import type { ServerComposition } from '../lib/composition';
import { CliError } from '../lib/errors';
import { lineEndAfterPrompt, type Output } from '../lib/output';
import { writeBytes } from '../lib/write-bytes';
import { createProgress } from '../lib/progress';
import { runPack } from '../pack/run-pack';
import { printSummary, summaryJson } from '../pack/summary';

export interface PackFlags {
  include?: string[];
  ignore?: string[];
  format?: string;
  fit?: boolean;
  outline?: string[];
  /** commander's --no-secret-scan: false when given. */
  secretScan?: boolean;
  redact?: boolean;
  model?: string;
  output?: string;
  copy?: boolean;
  json?: boolean;
  changed?: string | boolean;
  composition?: string;
  request?: string;
  suggest?: string;
}

/** `promptloom pack [dir]`: the prompt on stdout (or --output / --copy), the summary on stderr. */
export async function packCommand(
  dir: string,
  flags: PackFlags,
  env: CliEnv,
  out: Output,
): Promise<void> {
  let composition: ServerComposition | undefined;
  if (flags.composition !== undefined) {
    // Loaded only here: the server client holds the API's Zod schemas (decision 065).
    const [{ PromptloomApi, apiOptions }, { loadComposition }, { loadCredentials }] =
      await Promise.all([
        import('../lib/api'),
        import('../lib/composition'),
        import('../lib/credentials'),
      ]);
    const api = new PromptloomApi(
      await loadCredentials(env),
      apiOptions(env, (message) => out.warn(message)),
    );
    composition = await loadComposition(api, flags.composition);
  }
  const progress = createProgress(out);
  const outcome = await runPack({
    dir,
    include: flags.include,
    ignore: flags.ignore,
    changedSince: flags.changed === true ? 'HEAD' : flags.changed || undefined,
    items: composition?.items,
    globalPatterns: composition?.globalPatterns,
    request: flags.request,
    model: flags.model,
    format: flags.format,
    fit: flags.fit,
    suggest: flags.suggest,
    outline: flags.outline,
    secretScan: flags.secretScan,
    redact: flags.redact,
    onProgress: progress.update,
    // Only a copy or --json needs the prompt as one string.
    writeOnly: !flags.copy && !flags.json,
  }).finally(progress.done);

  if (flags.output) {
    try {
      writeBytes(flags.output, outcome.bytes());
    } catch (error) {
      const { code, message } = error as NodeJS.ErrnoException;
      throw new CliError(`cannot write ${flags.output}: ${code ?? message}`);
    }
  }
  if (flags.copy) {
    const { writeText } = await import('tinyclip');
    await writeText(outcome.prompt).catch(() => {
      throw new CliError('no system clipboard found (install wl-clipboard, xclip or xsel)');
    });
  }
  const destination = flags.output ?? (flags.copy ? 'clipboard' : 'stdout');
  const toStdout = !flags.output && !flags.copy;
  if (flags.json) {
    // With nowhere else to go, the prompt travels inside the JSON document.
    const summary = summaryJson(outcome, flags.output ?? null);
    const document = toStdout ? { ...summary, prompt: outcome.prompt } : summary;
    await write(`${JSON.stringify(document, null, 2)}\n`);
    return;
  }
  if (toStdout) {
    const chunks = outcome.bytes();
    await writeChunks(chunks);
    const last = chunks.findLast((chunk) => chunk.length > 0);
    const end = lineEndAfterPrompt(process.stdout.isTTY === true, last?.at(-1));
    if (end) await write(end);
  }
  printSummary(out, outcome, destination);
}

/** Resolves once the text is handed to the OS (a pipe may take a 30 MB prompt slowly). */
function write(text: string | Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => {
    process.stdout.write(text, (error) => (error ? reject(error) : resolve()));
  });
}

/** The chunks in order on stdout, resolved once the last is handed to the OS. */
async function writeChunks(chunks: readonly Uint8Array[]): Promise<void> {
  await Promise.all(chunks.map((chunk) => write(chunk)));
}
