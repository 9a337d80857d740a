/** SPEC §3 File tree node. Directories carry children; files carry size and mtime. */
export interface FileTreeNode {
  type: 'file' | 'directory';
  name: string;
  /** Relative POSIX path; '' for the root. */
  path: string;
  children?: FileTreeNode[];
  size: number;
  mtime: number;
}

/** Path -> size and mtime: what a history snapshot keeps and change detection compares. */
export interface FileStat {
  size: number;
  mtime: number;
}
