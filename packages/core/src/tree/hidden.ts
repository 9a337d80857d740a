import { parentPath } from '../files/provider';
import type { GitignoreRule } from '../ignore/gitignore-rule';
import { describeRuleSource } from '../ignore/matcher';
import { compareNodes, type HiddenEntry } from './scan';
import type { FileTreeNode } from './types';

/**
 * The tree "Show ignored" displays: the scan's tree plus every hidden entry whose folder
 * is shown, flagged `hidden` (never expandable: the scan did not enter ignored folders).
 * Shown folders on the way are copied; the scan's tree is left as it is.
 */
export function withHiddenEntries(
  root: FileTreeNode,
  hidden: readonly HiddenEntry[],
): FileTreeNode {
  const byParent = new Map<string, HiddenEntry[]>();
  for (const entry of hidden) {
    const parent = parentPath(entry.path);
    byParent.set(parent, [...(byParent.get(parent) ?? []), entry]);
  }
  const copy = (dir: FileTreeNode): FileTreeNode => {
    const extra = byParent.get(dir.path);
    const children = (dir.children ?? []).map((c) => (c.type === 'directory' ? copy(c) : c));
    if (extra) {
      for (const entry of extra) {
        children.push({
          type: entry.isDirectory ? 'directory' : 'file',
          name: entry.path.slice(entry.path.lastIndexOf('/') + 1),
          path: entry.path,
          children: entry.isDirectory ? [] : undefined,
          size: 0,
          mtime: 0,
          hidden: true,
        });
      }
      children.sort(compareNodes);
    }
    return { ...dir, children };
  };
  return copy(root);
}

/** What hides an entry, for the UI: the rule and where it lives, or "nothing left inside". */
export type HiddenReason =
  | { kind: 'core' | 'global'; pattern: string; line: number }
  | { kind: 'gitignore'; pattern: string; line: number; file: string }
  | { kind: 'empty-folder' };

export function hiddenReason(rule: GitignoreRule | undefined): HiddenReason {
  if (!rule) return { kind: 'empty-folder' };
  if (rule.source.kind === 'gitignore') {
    return {
      kind: 'gitignore',
      pattern: rule.pattern,
      line: rule.line,
      file: describeRuleSource(rule),
    };
  }
  return { kind: rule.source.kind, pattern: rule.pattern, line: rule.line };
}
