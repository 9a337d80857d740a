import type { SecretFinding } from './scan';

export const redactionMark = (kind: string): string => `[REDACTED:${kind}]`;

/**
 * The text with each finding's range replaced by `[REDACTED:<kind>]`. Findings must come
 * from scanning this same text; overlapping ranges (two rules on one key) redact once, as
 * the first (outermost) finding.
 */
export function redactText(text: string, findings: readonly SecretFinding[]): string {
  const sorted = [...findings].sort((a, b) => a.start - b.start || b.end - a.end);
  let out = '';
  let at = 0;
  for (const finding of sorted) {
    if (finding.start < at) continue;
    out += text.slice(at, finding.start) + redactionMark(finding.kind);
    at = finding.end;
  }
  return out + text.slice(at);
}

/**
 * The secret strings of findings over the given texts, each with its kind: what a caller
 * replaces in a prompt built from those texts in any format (redactSecretsIn).
 */
export function secretValues(
  findings: readonly SecretFinding[],
  contentOf: (path: string) => string | undefined,
): Map<string, string> {
  const values = new Map<string, string>();
  for (const finding of findings) {
    const value = contentOf(finding.path)?.slice(finding.start, finding.end);
    if (value && !values.has(value)) values.set(value, finding.kind);
  }
  return values;
}

/**
 * Replaces every occurrence of each secret value in a rendered prompt. Longer values first,
 * so a key that contains a shorter secret is redacted whole.
 */
export function redactSecretsIn(prompt: string, values: ReadonlyMap<string, string>): string {
  const ordered = [...values].sort((a, b) => b[0].length - a[0].length);
  let out = prompt;
  for (const [value, kind] of ordered) out = out.split(value).join(redactionMark(kind));
  return out;
}
