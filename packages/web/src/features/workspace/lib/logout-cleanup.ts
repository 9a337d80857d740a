import { clearAllHistory, clearFolderHandle } from '../../../lib/idb';
import { onLogout } from '../../auth';
import { useConnectionStore } from '../stores/connection-store';
import { usePromptStore } from '../stores/prompt-store';
import { useSessionStore } from '../stores/session-store';
import { useTokenStore } from '../stores/token-store';
import { useWorkspaceUi } from '../stores/ui-store';
import { clearContentCache } from './cached-provider';

// SPEC §4 Logout: every project's prompt state, all histories and the project session go.
onLogout(async () => {
  usePromptStore.getState().reset();
  useSessionStore.getState().reset();
  useConnectionStore.getState().setProvider(null);
  useWorkspaceUi.setState({
    generatedPrompt: null,
    showChangesOnly: false,
    showSelectedOnly: false,
  });
  useTokenStore.setState({ baseTokens: 0, requestTokens: 0, fileTokens: new Map() });
  clearContentCache();
  await Promise.all([clearFolderHandle(), clearAllHistory()]);
});
