import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SecretFinding } from '@promptloom/core/secrets';

/**
 * The prompt with every found secret replaced by `[REDACTED:<kind>]`, in any format;
 * `redact`, which does the same to any text (a file's, to count it as it is packed).
 */
export async function redactPrompt(
  dir: string,
  prompt: string,
  findings: readonly SecretFinding[],
): Promise<{
  prompt: string;
  redact: (text: string) => string;
  /** The files with findings, as read. */
  contents: Map<string, string>;
}> {
  const { redactSecretsIn, secretValues } = await import('@promptloom/core/secrets');
  const contents = new Map<string, string>();
  for (const path of new Set(findings.map((finding) => finding.path))) {
    contents.set(path, await readFile(join(dir, path), 'utf8'));
  }
  const values = secretValues(findings, (path) => contents.get(path));
  const redact = (text: string) => redactSecretsIn(text, values);
  return { prompt: redact(prompt), redact, contents };
}

/**
 * The files' counts after the redaction: each file with findings changes by what the
 * redaction changes in its text as packed (its outline, when written as one), counted by
 * `count`. The marks stand where the values stood, inside the file's text, so the change of
 * that text is the change of its section.
 */
export async function redactedFileCounts(
  counts: ReadonlyMap<string, number>,
  texts: ReadonlyMap<string, string>,
  redact: (text: string) => string,
  count: (texts: string[]) => Promise<readonly (number | undefined)[]>,
): Promise<Map<string, number>> {
  const out = new Map(counts);
  const changed = [...texts].filter(([path, text]) => counts.has(path) && redact(text) !== text);
  if (changed.length === 0) return out;
  const before = await count(changed.map(([, text]) => text));
  const after = await count(changed.map(([, text]) => redact(text)));
  changed.forEach(([path], i) => {
    out.set(path, out.get(path)! + (after[i] ?? 0) - (before[i] ?? 0));
  });
  return out;
}
