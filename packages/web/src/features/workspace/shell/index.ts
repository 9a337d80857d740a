/** The shell room's public surface: other rooms import it only from here. */
// Logout clears every store of the workspace (imported for its side effect).
import './lib/logout-cleanup';
export { WorkspacePage } from './components/workspace-page';
