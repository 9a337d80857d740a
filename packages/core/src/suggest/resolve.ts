/**
 * Import specifiers to project files, one resolver for every language: a specifier becomes
 * path segments (`./a/b` against the importer's folder, `a.b.c`, `a::b`, `a\b`, `a/b`), and
 * the file is the one whose path without extension ends with them — or whose folder does,
 * for index/`__init__`/mod files and Go packages. Unresolved (external) specifiers are left.
 */

const INDEX_STEMS = new Set(['index', '__init__', 'mod', 'lib', 'main']);

function stemOf(name: string): string {
  const dot = name.indexOf('.', 1);
  return dot === -1 ? name : name.slice(0, dot);
}

export interface Resolver {
  /** Indexes into the path list of the files a specifier of `from` imports. */
  resolve(from: number, specifier: string): number[];
}

export function createResolver(paths: readonly string[]): Resolver {
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

  return {
    resolve(from, specifier) {
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
    },
  };
}

/** The segments a specifier points at, relative paths resolved against the importer. */
function segmentsOf(fromPath: string, specifier: string): string[] | null {
  const folder = fromPath.split('/').slice(0, -1);
  if (specifier.startsWith('./') || specifier.startsWith('../') || specifier === '.') {
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
