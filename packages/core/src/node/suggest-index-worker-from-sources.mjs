// The suggest index's worker run from its TypeScript sources (tests): tsx is registered in
// this thread first. The CLI's bundle runs dist/suggest-index-worker.js instead.
import { register } from 'tsx/esm/api';

register();
await import('./suggest-index-worker.ts');
