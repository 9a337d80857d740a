import { onLogout } from '../../auth';
import { onPromptGenerated, provideDiffViewer, readCurrentFile } from '../../workspace';
import { history } from './history-instance';
import { openDiff } from './open-diff';

/*
 * The history feature plugs into the workspace's seams once, at module load:
 * every generated prompt becomes an entry, and the Diff buttons open our viewer.
 */
onPromptGenerated((event) => history.add(event).then(() => undefined));
provideDiffViewer((projectName, path) => {
  void openDiff(projectName, path, { history, readCurrentFile });
});

// SPEC §4 Logout: all histories go (the stored ones and this tab's copy).
onLogout(() => history.clearAll());
