/** File tree node. Directories carry children; files carry size and mtime. */
export interface FileTreeNode {
  type: 'file' | 'directory';
  name: string;
  /** Relative POSIX path; '' for the root. */
  path: string;
  children?: FileTreeNode[];
  size: number;
  mtime: number;
  /** Only in a tree built for "Show ignored" (withHiddenEntries): an entry the rules hide. */
  hidden?: true;
}

/** Path -> size and mtime: what a history snapshot keeps and change detection compares. */
export interface FileStat {
  size: number;
  mtime: number;
}
