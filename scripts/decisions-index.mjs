// Rewrites the table of docs/decisions/README.md from the records themselves: the number and
// title from each record's first line, its Status, Date and optional Kind lines under the title. Run it after
// adding or superseding a record: `node scripts/decisions-index.mjs`.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as prettier from 'prettier';

const dir = join(import.meta.dirname, '..', 'docs', 'decisions');
const BEGIN = '<!-- index:begin -->';
const END = '<!-- index:end -->';

const field = (text, name) => new RegExp(`^${name}:\\s*(.+)$`, 'm').exec(text)?.[1]?.trim() ?? '—';

const rows = readdirSync(dir)
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
    return `| [${name.slice(0, 3)}](${name}) | ${escaped} | ${status} | ${field(text, 'Date')} |`;
  });

const table = ['| record | title | status | date |', '| --- | --- | --- | --- |', ...rows].join(
  '\n',
);
const readme = join(dir, 'README.md');
const current = readFileSync(readme, 'utf8');
const start = current.indexOf(BEGIN);
const end = current.indexOf(END);
if (start < 0 || end < start)
  throw new Error(`${readme}: the ${BEGIN} … ${END} markers are missing`);
const text = `${current.slice(0, start + BEGIN.length)}\n\n${table}\n\n${current.slice(end)}`;
// Written as Prettier would write it, so `npm run lint` passes without a second step.
const options = { ...(await prettier.resolveConfig(readme)), filepath: readme };
writeFileSync(readme, await prettier.format(text, options));
console.log(`${rows.length} records indexed in ${readme}`);
