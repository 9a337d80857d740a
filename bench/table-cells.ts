// Cells of the bench's Markdown table, written the same way by every row.

/** A duration: milliseconds under a second, else seconds with two decimals. */
export const fmtMs = (ms: number) =>
  ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`;

/** The "target met" cell: a miss stands out in bold. */
export const ok = (pass: boolean) => (pass ? 'yes' : '**NO**');
