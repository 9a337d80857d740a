import { clearAllHistory, clearFolderHandle } from '../../../../lib/idb';
import { onLogout } from '../../../auth';
import { clearContentCache, useConnectionStore, useFileView } from '../../project-files';
import { usePromptStore, useSessionStore } from '../../session';
import { useTokenStore } from '../../counting';
import { usePromptView } from '../../generation';
import { clearAllApplies } from '../../apply';

// Logout: every project's prompt state, all histories and the project session go.
onLogout(async () => {
  usePromptStore.getState().reset();
  useSessionStore.getState().reset();
  useConnectionStore.getState().setProvider(null);
  usePromptView.setState({ generatedPrompt: null, lastPrompt: null });
  useFileView.getState().resetFilters();
  useTokenStore.setState({ baseTokens: 0, requestTokens: 0, fileTokens: new Map() });
  clearContentCache();
  await Promise.all([clearFolderHandle(), clearAllHistory(), clearAllApplies()]);
});
