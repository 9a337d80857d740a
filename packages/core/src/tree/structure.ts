import { STRUCTURE_BUDGET_SHARE } from '../limits';
import { estimateTokens } from '../tokens/estimate';
import { renderTree } from './render';
import type { FileTreeNode } from './types';

/**
 * What one PROJECT_STRUCTURE block shows (decision 031): `auto` is the whole tree while it
 * costs at most STRUCTURE_BUDGET_SHARE of the budget, else the selected files; `folders`
 * is the folders only, down to `depth` levels below the root.
 */
export type StructureMode =
  { kind: 'auto' } | { kind: 'whole' } | { kind: 'selected' } | { kind: 'folders'; depth: number };

export const AUTO_STRUCTURE: StructureMode = { kind: 'auto' };

export interface StructureContext {
  root: FileTreeNode;
  /** Every file of the tree (for the "left out" line). */
  fileCount: number;
  selectedFiles: readonly string[];
  /** The model's token budget (models/presets tokenBudget). */
  budget: number;
}

/** The tree with only the selected files and the folders that hold them. */
function selectedOnly(root: FileTreeNode, selected: ReadonlySet<string>): FileTreeNode {
  const keep = (dir: FileTreeNode): FileTreeNode | null => {
    const children: FileTreeNode[] = [];
    for (const child of dir.children ?? []) {
      if (child.type === 'file') {
        if (selected.has(child.path)) children.push(child);
      } else {
        const kept = keep(child);
        if (kept) children.push(kept);
      }
    }
    return children.length > 0 || dir === root ? { ...dir, children } : null;
  };
  return keep(root)!;
}

/** The folders only, `depth` levels below the root (1 = its direct folders). */
function foldersOnly(root: FileTreeNode, depth: number): FileTreeNode {
  const keep = (dir: FileTreeNode, level: number): FileTreeNode => ({
    ...dir,
    children:
      level >= depth
        ? []
        : (dir.children ?? []).filter((c) => c.type === 'directory').map((c) => keep(c, level + 1)),
  });
  return keep(root, 0);
}

function leftOutLine(count: number): string {
  return `(${count} more project ${count === 1 ? 'file' : 'files'} not shown)`;
}

/** The resolved mode: auto becomes whole or selected. */
export function resolveStructureMode(
  mode: StructureMode,
  context: StructureContext,
  wholeText = renderTree(context.root),
): Exclude<StructureMode, { kind: 'auto' }> {
  if (mode.kind !== 'auto') return mode;
  const wholeCost = estimateTokens(wholeText);
  return wholeCost > STRUCTURE_BUDGET_SHARE * context.budget
    ? { kind: 'selected' }
    : { kind: 'whole' };
}

/** The PROJECT_STRUCTURE text of one block in `mode`. */
export function renderStructure(mode: StructureMode, context: StructureContext): string {
  const whole = mode.kind === 'auto' || mode.kind === 'whole' ? renderTree(context.root) : '';
  const resolved = resolveStructureMode(mode, context, whole);
  switch (resolved.kind) {
    case 'whole':
      return whole;
    case 'folders':
      return renderTree(foldersOnly(context.root, Math.max(1, resolved.depth)));
    case 'selected': {
      const selected = new Set(context.selectedFiles);
      const text = renderTree(selectedOnly(context.root, selected));
      const shown = context.selectedFiles.length;
      const left = Math.max(0, context.fileCount - shown);
      return left > 0 ? `${text}\n${leftOutLine(left)}` : text;
    }
  }
}
