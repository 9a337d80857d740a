import { provideLatestSnapshot } from '../../workspace';
import { createHistoryStore } from '../store';
import { createIdbHistoryStorage } from './history-storage';

const CHANNEL_NAME = 'promptloom.history';

// Other tabs of the app re-read a project's history when this one writes it (null: all).
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL_NAME);

/** The app's history: IndexedDB-backed, feeding the workspace's change detection. */
export const history = createHistoryStore(createIdbHistoryStorage(), {
  onLatestChange: provideLatestSnapshot,
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
