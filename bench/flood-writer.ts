// The flooder of bench/flood.ts, in its own process so that its tight loops do not delay the
// timing of the other users' requests in the parent. Forked with `base token connections`;
// 'start' begins flooding on that many keep-alive connections, 'stop' ends it and answers
// with the status counts of every request sent since 'start'.
import { Connection } from './flood-client';

/** The flooder's blocks: half the content limit, so each write moves real bytes. */
const FLOOD_CONTENT = 'flood '.repeat(8_334).slice(0, 50_000);
const blockBody = (name: string) =>
  JSON.stringify({ name, content: FLOOD_CONTENT, type: 'STATIC', category: 'Bench' });

/** One flooding connection: create, rewrite and delete large blocks, with no pause at all. */
async function flood(conn: Connection, statuses: Map<number, number>, until: () => boolean) {
  const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
  let n = 0;
  while (!until()) {
    const created = await conn.request('POST', '/api/blocks', blockBody(`flood ${n++}`));
    count(created.status);
    if (created.status !== 201) continue;
    const { id } = JSON.parse(created.body) as { id: string };
    count((await conn.request('PUT', `/api/blocks/${id}`, blockBody('flood!'))).status);
    count((await conn.request('DELETE', `/api/blocks/${id}`)).status);
  }
}

const [base, token, connections] = process.argv.slice(2);
const conns = Array.from(
  { length: Number(connections) },
  () => new Connection(new URL(base!), token),
);
let flooding = false;
let loops: Array<Promise<void>> = [];
let statuses = new Map<number, number>();
process.on('message', (message: 'start' | 'stop' | 'exit') => {
  if (message === 'start') {
    flooding = true;
    statuses = new Map();
    loops = conns.map((conn) => flood(conn, statuses, () => !flooding));
  } else if (message === 'stop') {
    flooding = false;
    void Promise.all(loops).then(() => process.send!([...statuses]));
  } else {
    for (const conn of conns) conn.close();
    process.disconnect();
  }
});
