import { i18n } from '../../../lib/i18n';
import { registerReset } from '../../../lib/reset-registry';
import { toast } from '../../../lib/toast';
import { onPromptGenerated, provideDiffViewer, readCurrentFile } from '../../workspace';
import { history } from './history-instance';
import { openDiff } from './open-diff';

/*
 * The history feature plugs into the workspace's seams once, at module load:
 * every generated prompt becomes an entry, and the Diff buttons open our viewer.
 */
onPromptGenerated(async (event) => {
  try {
    await history.add(event);
  } catch (error) {
    // The prompt itself is fine; only keeping it failed (e.g. storage quota or private mode).
    console.error('Saving the prompt to the history failed', error);
    toast.error(i18n.t('history.saveError'));
  }
});
provideDiffViewer((projectName, path) => {
  void openDiff(projectName, path, { history, readCurrentFile });
});

// Logout: all histories go (the stored ones and this tab's copy).
registerReset('history', () => history.clearAll());
