// Rewrites the index of docs/decisions/README.md from the records themselves: the number and
// title from each record's first line; its Status, Date, Topic and optional Kind lines under
// the title. Records are grouped by topic (a record may name several, comma-separated), each
// group under its guide. Run it after adding or superseding a record:
// `node scripts/decisions-index.mjs`.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as prettier from 'prettier';

const dir = join(import.meta.dirname, '..', 'docs', 'decisions');
const BEGIN = '<!-- index:begin -->';
const END = '<!-- index:end -->';

/** The topics in reading order: what a `Topic:` line may name, and the guide of each. */
const TOPICS = {
  counting: { title: 'Token counting', guide: '[guide](../counting.md)' },
  listing: { title: 'Listing a folder and ignore rules', guide: '[guide](../listing.md)' },
  apply: { title: 'Applying answers', guide: '[guide](../apply.md)' },
  suggest: { title: 'Suggesting files and fitting a budget', guide: '[guide](../suggest.md)' },
  cli: { title: 'The CLI and MCP server', guide: '[manual](../cli.md)' },
  server: { title: 'Server, accounts and sharing', guide: '[configuration](../configuration.md)' },
  web: { title: 'The workspace and the web app', guide: '[architecture](../architecture.md)' },
  tooling: { title: 'Tooling and codebase', guide: '[architecture](../architecture.md)' },
};
const UNSORTED = 'unsorted';

const field = (text, name) => new RegExp(`^${name}:\\s*(.+)$`, 'm').exec(text)?.[1]?.trim() ?? '—';

const records = readdirSync(dir)
  .filter((name) => /^\d{3}-.+\.md$/.test(name))
  .sort()
  .map((name) => {
    const text = readFileSync(join(dir, name), 'utf8');
    const title = /^# \d{3}\s*[—–-]\s*(.+)$/m.exec(text)?.[1]?.trim() ?? name;
    const escaped = title.replaceAll('|', '\\|');
    // A record that only measures says so (`Kind: measurement`), so a reader looking for how
    // things work can skip it.
    const kind = field(text, 'Kind');
    const status = kind === '—' ? field(text, 'Status') : `${field(text, 'Status')} (${kind})`;
    const named = field(text, 'Topic')
      .split(',')
      .map((topic) => topic.trim())
      .filter((topic) => topic in TOPICS);
    return {
      name,
      topics: named.length > 0 ? named : [UNSORTED],
      row: `| [${name.slice(0, 3)}](${name}) | ${escaped} | ${status} | ${field(text, 'Date')} |`,
    };
  });

const header = ['| record | title | status | date |', '| --- | --- | --- | --- |'];
const sections = [...Object.keys(TOPICS), UNSORTED].flatMap((topic) => {
  const rows = records.filter((record) => record.topics.includes(topic)).map((r) => r.row);
  if (rows.length === 0) return [];
  const heading =
    topic === UNSORTED
      ? '### Without a topic (give each a `Topic:` line)'
      : `### ${TOPICS[topic].title} — ${TOPICS[topic].guide}`;
  return [heading, [...header, ...rows].join('\n')];
});

const readme = join(dir, 'README.md');
const current = readFileSync(readme, 'utf8');
const start = current.indexOf(BEGIN);
const end = current.indexOf(END);
if (start < 0 || end < start)
  throw new Error(`${readme}: the ${BEGIN} … ${END} markers are missing`);
const text = `${current.slice(0, start + BEGIN.length)}\n\n${sections.join('\n\n')}\n\n${current.slice(end)}`;
// Written as Prettier would write it, so `npm run lint` passes without a second step.
const options = { ...(await prettier.resolveConfig(readme)), filepath: readme };
writeFileSync(readme, await prettier.format(text, options));
const unsorted = records.filter((record) => record.topics.includes(UNSORTED));
console.log(`${records.length} records indexed in ${readme}`);
if (unsorted.length > 0) {
  console.warn(`Without a known Topic: ${unsorted.map((record) => record.name).join(', ')}`);
  console.warn(`Topics: ${Object.keys(TOPICS).join(', ')}`);
}
