/** The shell room's public surface: other rooms import it only from here. */
export { WorkspacePage } from './components/workspace-page';
