// Runs only rows 6–7 (folder listing, package selection): `node --import tsx bench/listing-only.ts`.
import { ensureCorpora } from './corpora';
import { listingRows } from './listing';

const corpora = await ensureCorpora();
console.log((await listingRows(corpora)).join('\n'));
