// git's own apply tests (t/t41*-apply*.sh and their fixtures): every patch they hold, read
// at run time from the mirror, applied to a pre-image built from the patch itself (each
// hunk's old side at the line it names, filler lines between); `git apply` on that folder
// is the oracle: its result, or its refusal (then what it applies file by file).
import { gitApply } from '../../../packages/core/src/node/git-apply-oracle';
import { git, isText, type Case } from './case';
import { sideOf, splitDiff, type DiffFile } from './diff-text';

function heredocs(script: string): string[] {
  const out: string[] = [];
  const lines = script.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open =
      /<<(-?)\\?['"]?(\w+)['"]?\s*$/.exec(lines[i]!) ??
      /<<(-?)\\?['"]?(\w+)['"]?\s*[&|;]/.exec(lines[i]!);
    if (!open) continue;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const line = open[1] ? lines[j]!.replace(/^\t+/, '') : lines[j]!;
      if (line === open[2]) break;
      body.push(line);
    }
    out.push(`${body.join('\n')}\n`);
    i = j;
  }
  return out;
}

/** The file each side of the patch reads: old sides at their lines, filler between. */
function preImage(files: DiffFile[]): Map<string, string> | null {
  const out = new Map<string, string>();
  for (const file of files) {
    if (file.oldPath === null || (!file.newPath && file.hunks.length === 0)) continue;
    if (file.oldPath.startsWith('/') || file.oldPath.includes('..')) return null;
    const lines: string[] = [];
    let open = false;
    for (const h of file.hunks) {
      if (h.oldStart > 20_000) return null;
      while (lines.length + 1 < h.oldStart) lines.push(`filler ${lines.length + 1}`);
      lines.push(...sideOf(h, 'old'));
      const oldLines = h.lines.filter((l, k) => l.startsWith('\\') && h.lines[k - 1]?.[0] !== '+');
      open = oldLines.length > 0;
    }
    if (!open) for (let k = 0; k < 3; k++) lines.push(`tail ${k}`);
    out.set(file.oldPath, lines.join('\n') + (open || lines.length === 0 ? '' : '\n'));
  }
  return out;
}

export function gitTestCases(gitDir: string): Case[] {
  const paths = git(gitDir, ['ls-tree', '-r', '--name-only', 'HEAD', 't/'])
    .split('\n')
    .filter((p) => /^t\/t41\d\d/.test(p) && !p.endsWith('.gitignore'));
  const patches: { name: string; text: string }[] = [];
  for (const path of paths) {
    const text = git(gitDir, ['show', `HEAD:${path}`]);
    if (!isText(text)) continue;
    if (path.endsWith('.sh'))
      heredocs(text).forEach((doc, k) => patches.push({ name: `${path}#${k}`, text: doc }));
    else patches.push({ name: path, text });
  }
  const cases: Case[] = [];
  for (const { name, text } of patches) {
    if (!/^@@ -/m.test(text) || !/^\+\+\+ /m.test(text) || text.includes('GIT binary patch'))
      continue;
    // Templates the script fills in (shell variables) are not patches yet.
    if (/^(diff|index|---|\+\+\+|@@).*\$\w/m.test(text)) continue;
    const files = splitDiff(text);
    const before = preImage(files);
    if (!before || before.size === 0) continue;
    const record = Object.fromEntries(before);
    const touched = [
      ...new Set(
        files.flatMap((f) => [f.oldPath, f.newPath]).filter((p): p is string => p !== null),
      ),
    ];
    const whole = gitApply(record, text, touched);
    let expect = whole.files;
    if (!whole.ok) {
      // What git applies file by file (core writes a file that applies, fails the others).
      expect = new Map();
      for (const f of files) {
        const own = [f.oldPath, f.newPath].filter((p): p is string => p !== null);
        const one = gitApply(
          record,
          [
            ...f.header,
            ...f.hunks.flatMap((h) => [
              `@@ -${h.oldStart},${h.oldCount} +${h.newStart},${h.newCount} @@${h.tail}`,
              ...h.lines,
            ]),
          ].join('\n') + '\n',
          own,
        );
        if (one.ok) for (const [p, t] of one.files) expect.set(p, t);
      }
    }
    for (const [variant, answer] of [
      ['git-test-patch', text],
      ['git-test-fenced', `Apply this patch:\n\n\`\`\`\`diff\n${text}\`\`\`\`\n`],
    ] as const)
      cases.push({
        source: 'git-tests',
        variant,
        name: `${name} ${variant}`,
        files: before,
        answer,
        expect,
        mustFail: !whole.ok,
      });
  }
  return cases;
}
