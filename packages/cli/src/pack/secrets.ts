import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SecretFinding } from '@promptloom/core/secrets';

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
