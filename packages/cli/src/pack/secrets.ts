import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SecretFinding } from '@promptloom/core/secrets';

/**
 * The secret scan of the written files (core secrets: secretlint's recommended rules plus
 * Azure), each read again from disk (the pack just read it: the OS has it cached). Loaded
 * only when the scan runs, so --no-secret-scan never loads the rules.
 */
export async function scanWritten(dir: string, paths: readonly string[]): Promise<SecretFinding[]> {
  const { scanText } = await import('@promptloom/core/secrets');
  const findings: SecretFinding[] = [];
  for (const path of paths) {
    const content = await readFile(join(dir, path), 'utf8').catch(() => null);
    if (content !== null) findings.push(...(await scanText(path, content)));
  }
  return findings;
}

/** The prompt with every found secret replaced by `[REDACTED:<kind>]`, in any format. */
export async function redactPrompt(
  dir: string,
  prompt: string,
  findings: readonly SecretFinding[],
): Promise<string> {
  const { redactSecretsIn, secretValues } = await import('@promptloom/core/secrets');
  const contents = new Map<string, string>();
  for (const path of new Set(findings.map((finding) => finding.path))) {
    contents.set(path, await readFile(join(dir, path), 'utf8'));
  }
  return redactSecretsIn(
    prompt,
    secretValues(findings, (path) => contents.get(path)),
  );
}
