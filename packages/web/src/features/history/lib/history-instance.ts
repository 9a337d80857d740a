import { provideLatestSnapshot } from '../../workspace';
import { createHistoryStore } from '../store';
import { createIdbHistoryStorage } from './history-storage';

const CHANNEL_NAME = 'promptloom.history';

// Other tabs of the app re-read a project's history when this one writes it (null: all).
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL_NAME);

/**
 * The app's history: IndexedDB-backed, feeding the workspace's change detection, the
 * "Changes since last prompt" block and the apply review with the latest entry.
 */
export const history = createHistoryStore(createIdbHistoryStorage(), {
  onLatestChange: (projectName, snapshot) => {
    // Called once the store holds the new list, so its first entry is the latest.
    const latest = history.entries(projectName)[0];
    provideLatestSnapshot(
      projectName,
      snapshot,
      latest && snapshot
        ? {
            at: new Date(latest.timestamp).toISOString(),
            structure: snapshot,
            contents: latest.fileContentSnapshot,
          }
        : null,
    );
  },
  onWrite: (projectName) => channel?.postMessage(projectName),
});

if (channel) {
  channel.onmessage = (event: MessageEvent<string | null>) => {
    const changed = event.data;
    for (const projectName of history.loadedProjects()) {
      if (changed !== null && changed !== projectName) continue;
      history.load(projectName).catch((error: unknown) => {
        console.error('Reading the prompt history failed', error);
      });
    }
  };
}
