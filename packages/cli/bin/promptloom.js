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
await import(bundle.href);
