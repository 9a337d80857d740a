// Library search at scale: `node --import tsx packages/server/src/modules/shared-items/library-search.bench.ts [count] [postgres-url]`
// Seeds `count` public items (default 10 000) into an in-memory PGlite, and into PostgreSQL
// too when a second argument names a scratch database (its tables get filled), then times
// the library queries and prints whether the planner uses the GIN indexes.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../db/client';
import { runMigrations } from '../../db/migrate';
import { sharedItems, sharedItemVersions, users } from '../../db/schema';
import { listLibrary } from './library.service';
import { searchVector } from './queries';

const COUNT = Number(process.argv[2] ?? 10_000);
const WORDS = (
  'review security refactor testing commit diff explain role checklist triage ' +
  'typescript python rust golang sql docker kubernetes react vue api performance logging ' +
  'migration accessibility i18n caching queue stream parser compiler'
).split(' ');

function rng(seed: number) {
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}

async function seed(database: Database) {
  const random = rng(42);
  const pick = () => WORDS[Math.floor(random() * WORDS.length)]!;
  const [author] = await database.db
    .insert(users)
    .values({ provider: 'bench', subject: `bench-${Date.now()}`, name: 'Bench' })
    .returning();
  for (let start = 0; start < COUNT; start += 500) {
    const rows = Array.from({ length: Math.min(500, COUNT - start) }, (_, i) => ({
      authorId: author!.id,
      name: `${pick()} ${pick()} helper ${start + i}`,
      description: `${pick()} ${pick()} ${pick()} for everyday ${pick()} work`,
      tags: [...new Set([pick(), pick(), pick()])],
      visibility: random() < 0.9 ? ('PUBLIC' as const) : ('UNLISTED' as const),
      likeCount: Math.floor(random() * 100),
      downloadCount: Math.floor(random() * 500),
    }));
    const items = await database.db
      .insert(sharedItems)
      .values(rows)
      .returning({ id: sharedItems.id });
    await database.db
      .insert(sharedItemVersions)
      .values(
        items.map((item) => ({ sharedItemId: item.id, version: 1, name: 'v', content: 'c' })),
      );
  }
  await database.db.execute(sql`analyze`);
}

async function time(label: string, run: () => Promise<unknown>, repeat = 20) {
  await run();
  const samples: number[] = [];
  for (let i = 0; i < repeat; i++) {
    const t0 = performance.now();
    await run();
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  const median = samples[Math.floor(samples.length / 2)]!;
  console.log(
    `  ${label.padEnd(38)} median ${median.toFixed(1)} ms  (max ${samples.at(-1)!.toFixed(1)} ms)`,
  );
}

async function bench(name: string, database: Database) {
  await runMigrations(database);
  const t0 = performance.now();
  await seed(database);
  console.log(
    `${name}: ${COUNT} items seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  const now = new Date();
  const user = 'bench-reader';
  await time('newest, page 1', () =>
    listLibrary(database.db, user, { sortBy: 'createdAt', page: 1 }, now),
  );
  await time('search "secur"', () =>
    listLibrary(database.db, user, { search: 'secur', sortBy: 'createdAt', page: 1 }, now),
  );
  await time('search "rust perf", by likes', () =>
    listLibrary(database.db, user, { search: 'rust perf', sortBy: 'likes', page: 1 }, now),
  );
  await time('tags docker,sql, by downloads', () =>
    listLibrary(database.db, user, { tags: 'docker,sql', sortBy: 'downloads', page: 2 }, now),
  );
  const plan = await database.db.execute(
    sql`explain select id from ${sharedItems} where ${searchVector} @@ to_tsquery('simple', 'secur:*')`,
  );
  const uses = JSON.stringify(plan.rows).includes('shared_items_search_idx');
  console.log(`  planner uses shared_items_search_idx: ${uses ? 'yes' : 'no (seq scan chosen)'}`);
}

const pglite = await openDatabase({ dataDir: null });
try {
  await bench('PGlite', pglite);
} finally {
  await pglite.close();
}
const postgresUrl = process.argv[3];
if (postgresUrl) {
  const pg = await openDatabase({ databaseUrl: postgresUrl });
  try {
    await bench('PostgreSQL', pg);
  } finally {
    await pg.close();
  }
}
