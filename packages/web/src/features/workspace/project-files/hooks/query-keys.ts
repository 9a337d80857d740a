/** Root of every TanStack Query key owned by the workspace (file tree, contents). */
export const WORKSPACE_QUERY_KEY = ['workspace'] as const;
