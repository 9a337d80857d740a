import type { Node } from 'web-tree-sitter';

/** Definitions and references of a parsed file, names as written (suggest/types.ts FileTags). */
export declare function tagsOf(root: Node, text: string): { defs: string[]; refs: string[] };
