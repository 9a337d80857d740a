// Builds the benchmark corpora from npm registry tarballs only (npm pack), once, under
// bench/.corpora. Files above the prompt's size cap are dropped so both tools do the
// same work (Promptloom skips them; Repomix would tokenize them).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FILE_SIZE_LIMIT_BYTES } from '@promptloom/core';

// Outside the repository: Repomix applies the .gitignore of the enclosing git repository.
export const CORPORA_DIR = join(tmpdir(), 'promptloom-bench-corpora');
const VERSION = 'v3';

const MEDIUM_PACKAGES = ['rxjs@7.8.2', 'lodash@4.17.21'];
const LARGE_PACKAGES = [
  'date-fns@4.1.0',
  'core-js@3.46.0',
  '@mui/material@7.3.5',
  'rxjs@7.8.2',
  'lodash@4.17.21',
  'typescript@5.9.3',
  '@angular/core@20.3.0',
  '@mui/icons-material@7.3.5',
];
/** Of the icon package (43 000 files) only the ESM icons A–H, to land near 25 000 files. */
const PARTIAL: Record<string, string> = { '@mui/icons-material': 'package/esm/[A-H]*' };

export interface Corpus {
  name: string;
  dir: string;
  files: number;
  bytes: number;
  /** A repository corpus's source commit (`repos.ts`). */
  commit?: string;
}

function tarballName(spec: string): string {
  const at = spec.lastIndexOf('@');
  const name = spec.slice(0, at).replace(/^@/, '').replace('/', '-');
  return `${name}-${spec.slice(at + 1)}.tgz`;
}

async function fetchPackage(spec: string, cache: string, into: string): Promise<void> {
  const tarball = join(cache, tarballName(spec));
  if (!existsSync(tarball)) {
    execFileSync('npm', ['pack', '--silent', '--pack-destination', cache, spec], {
      stdio: 'ignore',
    });
  }
  const name = spec.slice(0, spec.lastIndexOf('@'));
  const target = join(into, name);
  await mkdir(target, { recursive: true });
  const partial = PARTIAL[name];
  const args = ['xzf', tarball, '-C', target, '--strip-components=1'];
  if (partial) args.push('--wildcards', partial);
  execFileSync('tar', args);
}

/**
 * Makes both tools pack the same files: drops what either leaves out by default (files
 * above the size cap, minified bundles, source maps) and renames `dist` folders (ignored
 * by Promptloom's core list, not by Repomix) — package tarballs keep their code there.
 */
async function normalise(dir: string): Promise<void> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const dropped = /\.min\.(js|css)$|\.map$/.test(entry.name);
    if (dropped || (await stat(path)).size > FILE_SIZE_LIMIT_BYTES) await rm(path);
  }
  const dists = entries.filter((e) => e.isDirectory() && e.name === 'dist');
  // Deepest first, so a renamed parent never invalidates a path still to rename.
  dists.sort((a, b) => b.parentPath.length - a.parentPath.length);
  for (const d of dists) await rename(join(d.parentPath, d.name), join(d.parentPath, 'build'));
}

export async function measure(name: string, dir: string): Promise<Corpus> {
  let files = 0;
  let bytes = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    files++;
    bytes += (await stat(join(entry.parentPath, entry.name))).size;
  }
  return { name, dir, files, bytes };
}

/** Deterministic pseudo-random numbers (mulberry32) for the synthetic tree. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS =
  'value count index item list map node tree path file token result error data key'.split(' ');

async function writeSynthetic(dir: string): Promise<void> {
  const next = random(42);
  const pick = () => WORDS[Math.floor(next() * WORDS.length)]!;
  for (let d = 0; d < 500; d++) {
    const folder = join(dir, `src/group-${Math.floor(d / 25)}/module-${d}`);
    await mkdir(folder, { recursive: true });
    const writes: Promise<void>[] = [];
    for (let f = 0; f < 100; f++) {
      const lines: string[] = [];
      const count = 5 + Math.floor(next() * 20);
      for (let l = 0; l < count; l++) {
        lines.push(
          `export const ${pick()}${l} = ${pick()}(${Math.floor(next() * 1000)}, '${pick()}');`,
        );
      }
      writes.push(writeFile(join(folder, `file-${f}.ts`), `${lines.join('\n')}\n`));
    }
    await Promise.all(writes);
  }
}

/** The pathological file: one 80 000-letter run, like an inlined SVG path. */
function pathologicalFile(): string {
  const next = random(7);
  let run = '';
  while (run.length < 80_000) run += String.fromCharCode(97 + Math.floor(next() * 26));
  return `export const iconPath = "${run}";\n`;
}

export async function ensureCorpora(): Promise<Corpus[]> {
  const marker = join(CORPORA_DIR, `ready-${VERSION}`);
  const medium = join(CORPORA_DIR, 'medium');
  const large = join(CORPORA_DIR, 'large');
  const synthetic = join(CORPORA_DIR, 'synthetic');
  if (!existsSync(marker)) {
    console.log('Building corpora from npm tarballs (first run only)...');
    // Its own folders only: the repository corpora (`repos.ts`) live beside them.
    for (const name of ['medium', 'large', 'synthetic', 'tarballs']) {
      await rm(join(CORPORA_DIR, name), { recursive: true, force: true });
    }
    const cache = join(CORPORA_DIR, 'tarballs');
    await mkdir(cache, { recursive: true });
    for (const spec of MEDIUM_PACKAGES) await fetchPackage(spec, cache, join(medium, 'packages'));
    await writeFile(join(medium, 'src-inline-icon.ts'), pathologicalFile());
    await writeFile(
      join(medium, '.gitignore'),
      '# project rules, as in a real repository\n*.log\n',
    );
    for (const spec of LARGE_PACKAGES) await fetchPackage(spec, cache, join(large, 'packages'));
    await writeFile(join(large, '.gitignore'), '*.log\ntmp/\n');
    await writeSynthetic(synthetic);
    await writeFile(join(synthetic, '.gitignore'), 'build/\n');
    await normalise(medium);
    await normalise(large);
    await rm(cache, { recursive: true, force: true });
    await writeFile(marker, new Date().toISOString());
  }
  return Promise.all([
    measure('medium', medium),
    measure('large', large),
    measure('synthetic', synthetic),
  ]);
}
