import { structuredPatch } from 'diff';
import type { ApplyPlan, PlannedFile } from './types';

/** git's quoting of a path in a diff header: C-style quotes when it holds ", \ or a control character. */
function quote(path: string): string {
  // Control characters are what needs quoting.
  // eslint-disable-next-line no-control-regex
  const special = /["\\\u0000-\u001f\u007f]/g;
  if (!special.test(path)) return path;
  const escaped = path.replace(special, (char) => {
    const named: Record<string, string> = {
      '"': '\\"',
      '\\': '\\\\',
      '\n': '\\n',
      '\t': '\\t',
      '\r': '\\r',
    };
    return named[char] ?? `\\${char.charCodeAt(0).toString(8).padStart(3, '0')}`;
  });
  return `"${escaped}"`;
}

const side = (prefix: 'a/' | 'b/', path: string) => quote(prefix + path);
/** git ends a ---/+++ name that holds a space with a tab, so that the name's end is certain. */
const headerName = (prefix: 'a/' | 'b/', path: string) => {
  const name = side(prefix, path);
  return name.includes(' ') && !name.startsWith('"') ? `${name}\t` : name;
};

/** The hunks with three lines of context; null when a `timeoutMs` given ran out first. */
function hunksOf(before: string, after: string, timeoutMs?: number): string | null {
  if (before === after) return '';
  const patch =
    timeoutMs === undefined
      ? structuredPatch('', '', before, after, '', '', { context: 3 })
      : structuredPatch('', '', before, after, '', '', { context: 3, timeout: timeoutMs });
  if (!patch) return null;
  const { hunks } = patch;
  let text = '';
  for (const hunk of hunks) {
    const oldStart = hunk.oldLines === 0 ? hunk.oldStart - 1 : hunk.oldStart;
    const newStart = hunk.newLines === 0 ? hunk.newStart - 1 : hunk.newStart;
    text += `@@ -${oldStart},${hunk.oldLines} +${newStart},${hunk.newLines} @@\n`;
    for (const line of hunk.lines) text += `${line}\n`;
  }
  return text;
}

/** What one file's diff is written from. */
export type FileDiffSides = Pick<PlannedFile, 'path' | 'oldPath' | 'status' | 'before' | 'after'>;

/**
 * One file's change as `git diff` writes it. Null only when `timeoutMs` is given and the
 * comparison runs past it (a caller diffing on every keystroke names the file instead).
 */
export function fileDiff(file: FileDiffSides, timeoutMs?: number): string | null {
  const oldPath = file.oldPath ?? file.path;
  const before = file.before ?? '';
  const after = file.after ?? '';
  const hunks = hunksOf(before, after, timeoutMs);
  if (hunks === null) return null;
  let text = `diff --git ${side('a/', oldPath)} ${side('b/', file.path)}\n`;
  if (file.status === 'new') text += 'new file mode 100644\n';
  if (file.status === 'deleted') text += 'deleted file mode 100644\n';
  if (file.status === 'renamed')
    text += `rename from ${quote(oldPath)}\nrename to ${quote(file.path)}\n`;
  if (hunks === '') return text;
  const from = file.status === 'new' ? '/dev/null' : headerName('a/', oldPath);
  const to = file.status === 'deleted' ? '/dev/null' : headerName('b/', file.path);
  return `${text}--- ${from}\n+++ ${to}\n${hunks}`;
}

/**
 * The plan as one unified diff that `git apply` accepts (the download when the app cannot
 * write): every file that applies cleanly and changes something; failed and unchanged files are left out,
 * and binary files never get there (they always fail).
 */
export function planToPatch(plan: ApplyPlan): string {
  return plan.files
    .filter((file) => file.status !== 'failed' && file.status !== 'unchanged')
    .filter((file) => file.status !== 'modified' || file.before !== file.after)
    .map((file) => fileDiff(file)!)
    .join('');
}
