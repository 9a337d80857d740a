/**
 * Where the history panel (SPEC §2 Shell) goes. The history feature is built later:
 * once features/history/index.ts exports HistoryPanel, render it here.
 */
export function HistorySlot() {
  return null;
}
