// The import worker run from its TypeScript sources (tests, `npm run dev`): tsx is registered
// in this thread first. The built server runs dist/import-worker.js instead.
import { register } from 'tsx/esm/api';

register();
await import('./import-worker.ts');
