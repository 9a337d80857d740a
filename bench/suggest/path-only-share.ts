// What a folder's suggestion index reads and what it indexes by path alone (decision 186):
// files and bytes by role, and those core's `indexedByPath` leaves unread. A folder, or
// `git:<git dir>` for a repository's HEAD. Run: node --import tsx bench/suggest/path-only-share.ts DIR…
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileRole, indexedByPath } from '@promptloom/core';
import { packable } from './history';

interface Listed {
  path: string;
  size: number;
}

const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`;
const share = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)} %`;

function report(name: string, listed: readonly Listed[]): void {
  const files = listed.filter((file) => packable(file.path, file.size));
  const bytes = files.reduce((sum, file) => sum + file.size, 0);
  console.log(`\n${name}: ${files.length} files, ${megabytes(bytes)}`);
  const byRole = new Map<string, { files: number; bytes: number }>();
  for (const file of files) {
    const role = fileRole(file.path);
    const sum = byRole.get(role) ?? { files: 0, bytes: 0 };
    sum.files++;
    sum.bytes += file.size;
    byRole.set(role, sum);
  }
  for (const [role, sum] of [...byRole].sort((a, b) => b[1].bytes - a[1].bytes)) {
    console.log(
      `  ${role.padEnd(10)} ${String(sum.files).padStart(6)} files, ${megabytes(sum.bytes)}`,
    );
  }
  const unread = files.filter((file) => indexedByPath(file.path, file.size));
  const unreadBytes = unread.reduce((sum, file) => sum + file.size, 0);
  console.log(
    `  by path alone: ${unread.length} files (${share(unread.length, files.length)}), ` +
      `${megabytes(unreadBytes)} (${share(unreadBytes, bytes)})`,
  );
}

function gitFiles(gitDir: string): Listed[] {
  const tree = execFileSync('git', ['--git-dir', gitDir, 'ls-tree', '-r', '-l', 'HEAD'], {
    encoding: 'utf8',
    maxBuffer: 1 << 30,
  });
  return tree
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [meta, path] = line.split('\t') as [string, string];
      const size = Number(meta.trim().split(/\s+/)[3]);
      return { path, size: Number.isFinite(size) ? size : 0 };
    });
}

function folderFiles(dir: string): Listed[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const full = join(entry.parentPath, entry.name);
      return { path: relative(dir, full), size: statSync(full).size };
    });
}

for (const arg of process.argv.slice(2)) {
  report(arg, arg.startsWith('git:') ? gitFiles(arg.slice(4)) : folderFiles(arg));
}
