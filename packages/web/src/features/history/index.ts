/**
 * The history feature's public surface (the history panel and diff viewer, the history
 * and File changes). Importing it registers with the workspace's seams: every generated
 * prompt becomes an entry, the latest entry's snapshot drives change detection, and the
 * Diff buttons open the viewer. Log-out clears every history.
 */
import './lib/register';

export { HistoryPanel } from './components/history-panel';
