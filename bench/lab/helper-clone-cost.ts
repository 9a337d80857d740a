// What handing half of a build's texts to a second indexing worker costs the index worker, in
// Node's V8 (the structured clone Chromium's postMessage uses): the texts serialized, the
// entries that come back deserialized, beside indexFile over the same texts:
// `node --import tsx bench/lab/helper-clone-cost.ts DIR`.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { FILE_SIZE_LIMIT_BYTES, indexFile } from '@promptloom/core';
import { decodeFile } from '@promptloom/core/files/read';
import { filesUnder } from './folder-files';

const [dir] = process.argv.slice(2) as [string];
const texts: { path: string; text: string }[] = [];
for (const path of await filesUnder(dir)) {
  const bytes = new Uint8Array(readFileSync(path));
  if (bytes.length > FILE_SIZE_LIMIT_BYTES) continue;
  const decoded = decodeFile(bytes, FILE_SIZE_LIMIT_BYTES);
  if (decoded && 'text' in decoded) texts.push({ path: relative(dir, path), text: decoded.text });
}
const half = texts.filter((_, i) => i % 2 === 1);
const cpu = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
for (let round = 0; round < 3; round++) {
  let at = cpu();
  const sent = half.map(({ path, text }) => serialize({ paths: [path], texts: [text] }));
  const serializeMs = cpu() - at;
  at = cpu();
  const entries = sent.map((message) => {
    const { paths, texts: got } = deserialize(message) as { paths: string[]; texts: string[] };
    return indexFile({ path: paths[0]!, text: got[0]! });
  });
  const indexMs = cpu() - at;
  at = cpu();
  const back = entries.map((entry) => serialize([entry]));
  const replyMs = cpu() - at;
  at = cpu();
  for (const message of back) deserialize(message);
  const receiveMs = cpu() - at;
  console.log(
    `round ${round}: ${half.length} texts; texts out ${serializeMs.toFixed(0)} ms, (in + indexFile ${indexMs.toFixed(0)} ms), entries out ${replyMs.toFixed(0)} ms, entries in ${receiveMs.toFixed(0)} ms`,
  );
}
