#!/usr/bin/env node
// Runs the bundled CLI (dist/, made by `npm install` at the root or `npm run build -w
// @promptloom/cli`); on a checkout installed without scripts, bundles it on first run.
import { existsSync } from 'node:fs';

const bundle = new URL('../dist/promptloom.js', import.meta.url);
if (!existsSync(bundle)) {
  const { execFileSync } = await import('node:child_process');
  const script = new URL('../scripts/build.mjs', import.meta.url);
  execFileSync(process.execPath, [script.pathname], { stdio: 'inherit' });
}
// Node reads each module on its thread pool, a module's imports only once it is read: the
// pack command's modules start loading now, beside the main module's, instead of after them
// (its own import of them then finds them loading). Its errors surface through that import.
if (process.argv[2] === 'pack') {
  import(new URL('../dist/pack-command.js', import.meta.url).href).catch(() => {});
}
await import(bundle.href);
