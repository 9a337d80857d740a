// Fails when a relative link in the README or docs/ points to a file that does not exist, so
// the documents cannot silently drift from the code they describe. Part of `npm run lint`.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

const root = join(import.meta.dirname, '..');

function markdownFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return markdownFiles(path);
    return name.endsWith('.md') ? [path] : [];
  });
}

const files = [join(root, 'README.md'), ...markdownFiles(join(root, 'docs'))];
const broken = [];
for (const file of files) {
  const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
  for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z]+:/i.test(target) || target.startsWith('#')) continue;
    const path = decodeURI(target.split('#')[0]);
    if (!existsSync(join(dirname(file), path))) broken.push(`${relative(root, file)}: ${target}`);
  }
}
if (broken.length > 0) {
  console.error(`Broken links in the documents:\n  ${broken.join('\n  ')}`);
  process.exit(1);
}
console.log(`Document links: ${files.length} files checked`);
