import { HistoryPanel } from '../../features/history';

/** The history panel of the sidebar; it renders nothing without entries. */
export function HistorySlot() {
  return <HistoryPanel />;
}
