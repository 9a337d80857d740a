/**
 * Import specifiers to project files, one resolver for every language: a specifier becomes
 * path segments (`./a/b` against the importer's folder, `a.b.c`, `a::b`, `a\b`, `a/b`), and
 * the file is the one whose path without extension ends with them — or whose folder does,
 * for index/`__init__`/mod files and Go packages. Unresolved (external) specifiers are left.
 * A Go import in a project with a go.mod is read as Go reads it instead (goResolver).
 */

const INDEX_STEMS = new Set(['index', '__init__', 'mod', 'lib', 'main']);

function stemOf(name: string): string {
  const dot = name.indexOf('.', 1);
  return dot === -1 ? name : name.slice(0, dot);
}

export interface Resolver {
  /** Indexes into the path list of the files a specifier of `from` imports. */
  resolve(from: number, specifier: string): number[];
  /** The files of the Go package an import path names in the project's modules (none without a go.mod). */
  goPackage(importPath: string): number[];
}

/** A go.mod of the project: its folder ('' at the root) and the module path it declares. */
export interface GoModule {
  folder: string;
  module: string;
}

export function createResolver(
  paths: readonly string[],
  goModules: readonly GoModule[] = [],
): Resolver {
  const go = goModules.length ? goResolver(paths, goModules) : null;
  /** By last segment without extension (or folder name, for index files): path indexes. */
  const byKey = new Map<string, number[]>();
  const add = (key: string, index: number) => {
    const list = byKey.get(key);
    if (list) list.push(index);
    else byKey.set(key, [index]);
  };
  const keySegments: string[][] = paths.map((path, index) => {
    const segments = path.split('/');
    const name = segments.pop()!;
    const stem = stemOf(name);
    const keyed = [...segments, stem];
    add(stem.toLowerCase(), index);
    // Index files and Go files (a Go import names the package's folder) answer for their folder.
    if ((INDEX_STEMS.has(stem) || name.endsWith('.go')) && segments.length) {
      add(segments.at(-1)!.toLowerCase(), index);
    }
    return keyed;
  });

  const endsWith = (segments: string[], wanted: string[]) => {
    if (wanted.length > segments.length) return false;
    const offset = segments.length - wanted.length;
    return wanted.every((part, i) => segments[offset + i]!.toLowerCase() === part.toLowerCase());
  };

  const resolve = (from: number, specifier: string): number[] => {
    const wanted = segmentsOf(paths[from]!, specifier);
    if (!wanted || wanted.length === 0) return [];
    const last = wanted.at(-1)!.toLowerCase();
    const candidates = byKey.get(stemOf(last)) ?? [];
    const hits: number[] = [];
    const wantedStem = [...wanted.slice(0, -1), stemOf(wanted.at(-1)!)];
    for (const index of candidates) {
      if (index === from) continue;
      const segments = keySegments[index]!;
      if (endsWith(segments, wantedStem)) hits.push(index);
      else if (
        (INDEX_STEMS.has(segments.at(-1)!) || paths[index]!.endsWith('.go')) &&
        endsWith(segments.slice(0, -1), wantedStem)
      ) {
        hits.push(index);
      }
    }
    // A Go package or a folder import: every file of the folder whose name the key matched
    // is taken; too many means an ambiguous short name, which says nothing.
    return hits.length <= 12 ? hits : [];
  };

  /**
   * A Python `from m import a,b` (lexical.ts's `m import a,b`): a name that is a submodule, a
   * Python file or package named exactly so (`from . import views`, `from ..core import
   * models`), is that file; the module's own file answers for the other names.
   */
  const resolvePythonFrom = (from: number, module: string, names: string): number[] => {
    const hits: number[] = [];
    let moduleNeeded = false;
    for (const name of names.split(',')) {
      const submodule = resolve(from, /^\.*$/.test(module) ? module + name : `${module}.${name}`);
      const files = submodule.filter((index) => {
        const segments = keySegments[index]!;
        const stem = segments.at(-1) === '__init__' ? segments.at(-2) : segments.at(-1);
        return stem === name && /\.pyi?$/.test(paths[index]!);
      });
      if (files.length) hits.push(...files);
      else moduleNeeded = true;
    }
    return moduleNeeded ? [...hits, ...resolve(from, module)] : hits;
  };

  return {
    resolve(from, specifier) {
      if (go && paths[from]!.endsWith('.go')) return go.imports(from, specifier);
      const names = specifier.indexOf(' import ');
      if (names !== -1) {
        return resolvePythonFrom(from, specifier.slice(0, names), specifier.slice(names + 8));
      }
      return resolve(from, specifier);
    },
    goPackage: (importPath) => go?.inModules(importPath) ?? [],
  };
}

/** Files of one Go package kept for an import: enough for any hand-written package, bounded. */
const MAX_GO_PACKAGE_FILES = 60;

const folderOf = (path: string) => {
  const slash = path.lastIndexOf('/');
  return slash === -1 ? '' : path.slice(0, slash);
};
const joinPath = (folder: string, rest: string) =>
  folder && rest ? `${folder}/${rest}` : folder || rest;

/**
 * Go imports as Go reads them: an import path `<module>/<sub/path>` names the package in the
 * folder `<sub/path>` of the go.mod declaring `<module>` (the longest module path that
 * prefixes the import wins, and a folder belongs to the nearest go.mod above it, so a nested
 * module owns its subtree), and the import links to that folder's non-test .go files. A path
 * under no module of the project is the standard library's or a dependency's: vendored
 * (`vendor/<path>` beside a go.mod above the importer) or nothing. One pass over the paths,
 * then each import costs its segment count.
 */
function goResolver(
  paths: readonly string[],
  goModules: readonly GoModule[],
): {
  imports(from: number, specifier: string): number[];
  inModules(importPath: string): number[];
} {
  const moduleFolders = new Set(goModules.map((m) => m.folder));
  const foldersByModule = new Map<string, string[]>();
  for (const { folder, module } of goModules) {
    const list = foldersByModule.get(module);
    if (list) list.push(folder);
    else foldersByModule.set(module, [folder]);
  }
  const packages = new Map<string, number[]>();
  paths.forEach((path, index) => {
    if (!path.endsWith('.go') || path.endsWith('_test.go')) return;
    const folder = folderOf(path);
    const list = packages.get(folder);
    if (list) list.push(index);
    else packages.set(folder, [index]);
  });
  /** The folder of the go.mod nearest above `folder` (itself included), if any. */
  const ownerOf = (folder: string): string | undefined => {
    for (let at = folder; ; at = folderOf(at)) {
      if (moduleFolders.has(at)) return at;
      if (at === '') return undefined;
    }
  };
  const filesOf = (folder: string) => (packages.get(folder) ?? []).slice(0, MAX_GO_PACKAGE_FILES);

  /** The package's files when a module of the project holds the path; null when none does. */
  const inModules = (importPath: string): number[] | null => {
    const parts = importPath.split('/');
    for (let n = parts.length; n >= 1; n--) {
      const roots = foldersByModule.get(parts.slice(0, n).join('/'));
      if (!roots) continue;
      const rest = parts.slice(n).join('/');
      const hits: number[] = [];
      for (const root of roots) {
        const folder = joinPath(root, rest);
        if (ownerOf(folder) === root) hits.push(...filesOf(folder));
      }
      return hits.slice(0, MAX_GO_PACKAGE_FILES);
    }
    return null;
  };

  return {
    imports(from, specifier) {
      const own = inModules(specifier);
      if (own) return own.filter((index) => index !== from);
      // Vendored: the go.mod folders above the importer, nearest first.
      for (let at: string | undefined = ownerOf(folderOf(paths[from]!)); at !== undefined;) {
        const vendored = packages.get(joinPath(at, `vendor/${specifier}`));
        if (vendored) return vendored.slice(0, MAX_GO_PACKAGE_FILES);
        at = at === '' ? undefined : ownerOf(folderOf(at));
      }
      return [];
    },
    inModules: (importPath) => inModules(importPath) ?? [],
  };
}

/** The segments a specifier points at, relative paths resolved against the importer. */
function segmentsOf(fromPath: string, specifier: string): string[] | null {
  const folder = fromPath.split('/').slice(0, -1);
  if (specifier.startsWith('./') || specifier.startsWith('../') || /^\.+$/.test(specifier)) {
    // `.` and `..` (a Python `from .. import x` too) are the folder and its parent; Python's
    // `...` two folders up.
    if (/^\.+$/.test(specifier)) return folder.slice(0, folder.length - (specifier.length - 1));
    const out = [...folder];
    for (const part of specifier.split('/')) {
      if (part === '..') out.pop();
      else if (part !== '.' && part) out.push(part);
    }
    return out;
  }
  if (/^\.+\w/.test(specifier)) {
    // Python relative: `.x` is a sibling module, `..x` one folder up.
    const dots = specifier.match(/^\.+/)![0].length;
    return [...folder.slice(0, folder.length - (dots - 1)), ...specifier.slice(dots).split('.')];
  }
  if (specifier.includes('::')) {
    return specifier.split('::').filter((part) => !['crate', 'self', 'super'].includes(part));
  }
  if (specifier.includes('\\')) return specifier.split('\\').filter(Boolean);
  if (specifier.includes('/')) {
    const parts = specifier.replace(/^@/, '').split('/');
    // `@scope/pkg/sub`, `github.com/org/repo/pkg`: the tail is what lives in the project.
    return parts.slice(-2);
  }
  if (/^[\w]+(\.[\w]+)+$/.test(specifier) && !/\.(js|ts|h|hpp|py)$/.test(specifier)) {
    // Dotted module or class: a.b.C
    return specifier.split('.').slice(-3);
  }
  return [specifier];
}
