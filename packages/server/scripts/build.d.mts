/** Builds the compiled server into `outdir` (default dist) and returns the path of its main.js. */
export function buildServer(outdir?: string): Promise<string>;
