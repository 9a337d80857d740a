import { provideLatestSnapshot } from '../../workspace';
import { createHistoryStore } from '../store';
import { createIdbHistoryStorage } from './history-storage';

/** The app's history: IndexedDB-backed, feeding the workspace's change detection. */
export const history = createHistoryStore(createIdbHistoryStorage(), provideLatestSnapshot);
