import { STRUCTURE_BUDGET_SHARE } from '../limits';
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
  if (selected.size === 0) return { ...root, children: [] };
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

/**
 * What a rendered tree may cost, on the high side: one token per 3 UTF-8 bytes. The
 * prose estimate (estimateTokens) counts a box-drawing character as one letter, while
 * cl100k spends about a token on each branch; measured on the bench corpora, cl100k's
 * exact count of their trees is 0.63–0.92 of this figure (estimateTokens: 1.4–2.2 × low).
 */
export function estimateStructureTokens(text: string): number {
  return Math.ceil(utf8Length(text) / 3);
}

/** The text's UTF-8 length as TextEncoder writes it (a lone surrogate: 3 bytes), unencoded. */
export function utf8Length(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) bytes += 1;
    else if (c >= 0xd800 && c <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      // A pair: 4 bytes for its 2 code units.
      bytes += 2;
      i++;
    } else bytes += 2;
  }
  return bytes;
}

/** Depth of the deepest folder below `dir` (0 = no sub-folder). */
function folderDepth(dir: FileTreeNode): number {
  let deepest = 0;
  for (const child of dir.children ?? []) {
    if (child.type === 'directory') deepest = Math.max(deepest, 1 + folderDepth(child));
  }
  return deepest;
}

/**
 * What auto shows, always within STRUCTURE_BUDGET_SHARE of the budget (decision 031):
 * the whole tree if it fits; else the selected files with their folders; else only the
 * folders that hold the selected files, as deep as fits (at least the root's line).
 */
export type ResolvedStructure =
  Exclude<StructureMode, { kind: 'auto' }> | { kind: 'selected-folders'; depth: number };

/**
 * The UTF-8 length of renderTree(root) — of renderTree(foldersOnly(root, depth)) with a
 * depth — counted without building the text: auto weighs up to three trees and a series of
 * depths, most of them never written (babel's 40,000 rows).
 */
export function renderedBytes(root: FileTreeNode, depth?: number): number {
  let bytes = utf8Length(root.name) + 1;
  const walk = (dir: FileTreeNode, indent: number, level: number) => {
    if (depth !== undefined && level >= depth) return;
    const all = dir.children ?? [];
    const children = depth === undefined ? all : all.filter((c) => c.type === 'directory');
    for (let i = 0; i < children.length; i++) {
      const child = children[i]!;
      const last = i === children.length - 1;
      // A newline, the indent, '├── ' or '└── ' (10 bytes), the name, '/' for a folder.
      const isDirectory = child.type === 'directory';
      bytes += 1 + indent + 10 + utf8Length(child.name) + (isDirectory ? 1 : 0);
      // '    ' (4 bytes) below a last child, else '│   ' (6).
      if (isDirectory) walk(child, indent + (last ? 4 : 6), level + 1);
    }
  };
  walk(root, 0, 0);
  return bytes;
}

const tokensOfBytes = (bytes: number) => Math.ceil(bytes / 3);

/** The whole tree's bytes, weighed once per tree (auto weighs it at each count). */
const wholeBytesOf = new WeakMap<FileTreeNode, number>();

function wholeBytes(root: FileTreeNode): number {
  let bytes = wholeBytesOf.get(root);
  if (bytes === undefined) wholeBytesOf.set(root, (bytes = renderedBytes(root)));
  return bytes;
}

/** The resolved mode: auto becomes whole, selected, or the selected files' folders. */
export function resolveStructureMode(
  mode: StructureMode,
  context: StructureContext,
): ResolvedStructure {
  if (mode.kind !== 'auto') return mode;
  const cap = STRUCTURE_BUDGET_SHARE * context.budget;
  if (tokensOfBytes(wholeBytes(context.root)) <= cap) return { kind: 'whole' };
  const kept = selectedOnly(context.root, new Set(context.selectedFiles));
  const left = leftOutCount(context);
  const selectedBytes = renderedBytes(kept) + (left > 0 ? 1 + utf8Length(leftOutLine(left)) : 0);
  if (tokensOfBytes(selectedBytes) <= cap) return { kind: 'selected' };
  const line = 1 + utf8Length(selectedFoldersLine(context));
  // The deepest depth that fits, by halving: a deeper rendering holds every line of a
  // shallower one (same folders, same branches), so the estimate only grows with depth.
  let fits = 1;
  let over = folderDepth(kept) + 1;
  while (over - fits > 1) {
    const depth = (fits + over) >> 1;
    if (tokensOfBytes(renderedBytes(kept, depth) + line) <= cap) fits = depth;
    else over = depth;
  }
  return { kind: 'selected-folders', depth: fits };
}

const leftOutCount = (context: StructureContext) =>
  Math.max(0, context.fileCount - context.selectedFiles.length);

function renderSelected(context: StructureContext): string {
  const selected = new Set(context.selectedFiles);
  const text = renderTree(selectedOnly(context.root, selected));
  const left = leftOutCount(context);
  return left > 0 ? `${text}\n${leftOutLine(left)}` : text;
}

function selectedFoldersLine(context: StructureContext): string {
  const count = context.selectedFiles.length;
  return `(${count} selected ${count === 1 ? 'file' : 'files'} in these folders; ${context.fileCount} project files not shown)`;
}

function renderSelectedFolders(
  context: StructureContext,
  kept: FileTreeNode,
  depth: number,
): string {
  return `${renderTree(foldersOnly(kept, depth))}\n${selectedFoldersLine(context)}`;
}

/** One rendering of a tree, for the same mode, budget, file count and selected files. */
interface Rendered {
  mode: string;
  budget: number;
  fileCount: number;
  selected: readonly string[];
  text: string;
}

/** Renderings kept per tree: a few modes (the blocks of one composition) at a time. */
const RENDERINGS_KEPT = 4;

/**
 * The last renderings of each tree. The browser counts the prompt at each pause in typing,
 * and on a tree of 25,000 files its walks (the whole tree's bytes, the selected files' copy)
 * were the longest task of a count while nothing they depend on had changed. A tree is not
 * changed once it is rendered: a scan hands over its root only once the walk is done.
 */
const renderings = new WeakMap<FileTreeNode, Rendered[]>();

const sameList = (a: readonly string[], b: readonly string[]) =>
  a === b || (a.length === b.length && a.every((path, i) => path === b[i]));

/** The PROJECT_STRUCTURE text of one block in `mode`. */
export function renderStructure(mode: StructureMode, context: StructureContext): string {
  const key = JSON.stringify(mode);
  const kept = renderings.get(context.root) ?? [];
  const hit = kept.find(
    (r) =>
      r.mode === key &&
      r.budget === context.budget &&
      r.fileCount === context.fileCount &&
      sameList(r.selected, context.selectedFiles),
  );
  if (hit) return hit.text;
  const text = renderAnew(mode, context);
  const { budget, fileCount } = context;
  kept.unshift({ mode: key, budget, fileCount, selected: [...context.selectedFiles], text });
  renderings.set(context.root, kept.slice(0, RENDERINGS_KEPT));
  return text;
}

function renderAnew(mode: StructureMode, context: StructureContext): string {
  const resolved = resolveStructureMode(mode, context);
  switch (resolved.kind) {
    case 'whole':
      return renderTree(context.root);
    case 'folders':
      return renderTree(foldersOnly(context.root, Math.max(1, resolved.depth)));
    case 'selected':
      return renderSelected(context);
    case 'selected-folders':
      return renderSelectedFolders(
        context,
        selectedOnly(context.root, new Set(context.selectedFiles)),
        resolved.depth,
      );
  }
}
