import { HistoryPanel } from '../../features/history';

/** The history panel of the sidebar (SPEC §2 Shell); it renders nothing without entries. */
export function HistorySlot() {
  return <HistoryPanel />;
}
