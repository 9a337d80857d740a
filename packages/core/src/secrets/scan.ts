import type { SecretLintCoreResultMessage } from '@secretlint/types';
import { KNOWN_RULE_IDS, keywordPrefilter } from './keywords';

/** One secret found: where (1-based line and column) and which kind, e.g. `github-token`. */
export interface SecretFinding {
  path: string;
  line: number;
  column: number;
  kind: string;
  /** Offsets in the scanned text; the secret itself is text.slice(start, end). */
  start: number;
  end: number;
}

export interface ScannedFile {
  path: string;
  content: string;
}

type LintText = (
  content: string,
  ext: string,
  ruleIds: readonly string[],
) => Promise<SecretLintCoreResultMessage[]>;
let lintText: Promise<LintText> | null = null;

const prefilter = keywordPrefilter(KNOWN_RULE_IDS);

/**
 * Only the rules whose keywords occur in the text run (keywords.ts), and the rule engine
 * (secretlint and its rules, most of the scan's code) is loaded on the first text that
 * holds a keyword: most files of a project hold none and cost one pass of one pattern.
 */
async function lint(content: string, ext: string): Promise<SecretLintCoreResultMessage[]> {
  const ruleIds = prefilter.rulesFor(content, ext);
  if (ruleIds.length === 0) return [];
  lintText ??= import('./engine').then((engine) => engine.lintText);
  return (await lintText)(content, ext, ruleIds);
}

/**
 * The kind shown to the user and written in `[REDACTED:<kind>]`: the rule's message id
 * (GITHUB_TOKEN → github-token), which is finer than the rule (Stripe live vs test keys).
 */
function kindOf(messageId: string, ruleId: string): string {
  const id = messageId || ruleId.replace(/^.*secretlint-rule-|^.*\//, '');
  return id
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
    .replace(/_/g, '-')
    .toLowerCase();
}

/**
 * Where the secret itself is. Some rules report the whole match (the AWS secret rule starts
 * its range at `aws_secret_access_key`), but every rule passes the secret in its message data
 * (KEY, ID, CREDENTIAL…): when that value is found from the range's start on, it is the span.
 */
function secretSpan(content: string, range: readonly [number, number], data: object | undefined) {
  for (const [name, value] of Object.entries(data ?? {})) {
    if (name === 'FILE_NAME' || typeof value !== 'string' || value.length < 8) continue;
    const at = content.indexOf(value, range[0]);
    if (at !== -1 && at <= range[1]) return { start: at, end: at + value.length };
  }
  return { start: range[0], end: range[1] };
}

/** 1-based line and column of an offset. */
function position(content: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (
    let at = content.indexOf('\n');
    at !== -1 && at < offset;
    at = content.indexOf('\n', at + 1)
  ) {
    line++;
    lineStart = at + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

/** The extension the rules go by: a file without one (Dockerfile, a block, the request) is text. */
export function extensionOf(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  // secretlint needs an extension or a path; only the GCP rule tells files apart (.json, .p12).
  return name.lastIndexOf('.') > 0 ? name.slice(name.lastIndexOf('.')) : '.txt';
}

/**
 * The engine's messages about one text as findings, in order of position; two rules that
 * report the same secret (a private key) make one finding.
 */
export function findingsOf(
  path: string,
  content: string,
  messages: readonly SecretLintCoreResultMessage[],
): SecretFinding[] {
  const seen = new Set<string>();
  return messages
    .filter((message) => message.type === 'message')
    .map((message) => {
      const span = secretSpan(content, message.range, message.data);
      return {
        path,
        ...position(content, span.start),
        kind: kindOf(message.messageId, message.ruleId),
        ...span,
      };
    })
    .filter((finding) => {
      const key = `${finding.start} ${finding.end} ${finding.kind}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => a.start - b.start || b.end - a.end);
}

/** The secrets in one text, in order of position. */
export async function scanText(path: string, content: string): Promise<SecretFinding[]> {
  return findingsOf(path, content, await lint(content, extensionOf(path)));
}

/** Every file's findings, files in the given order. */
export async function scanFiles(files: readonly ScannedFile[]): Promise<SecretFinding[]> {
  const all: SecretFinding[] = [];
  for (const file of files) all.push(...(await scanText(file.path, file.content)));
  return all;
}
