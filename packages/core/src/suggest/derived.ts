import { type FileRole, fileRole } from '../fit/roles';
import { findSorted } from './passages';
import { createResolver } from './resolve';
import { pathWords, termHash, wholeForm } from './tokenize';
import type { ProjectIndex } from './types';

/** What a ranking needs beyond the entries, computed once per index and kept beside it. */
export interface Derived {
  roles: FileRole[];
  /** Files that are shell completions (demoted unless the request asks for completion). */
  completions: Set<number>;
  /** Files that are editor plugins (demoted unless the request names the editor). */
  editorPlugins: Set<number>;
  /** Type declarations: `.d.ts` and `.pyi` files (demoted for a report that does not ask for types). */
  declarations: Set<number>;
  /** Translation catalogs: gettext's `.po`, `.pot`, `.mo` and whatever sits in an `LC_MESSAGES/` folder. */
  translations: Set<number>;
  /** Issue and pull-request templates: `.github/ISSUE_TEMPLATE/`, `.gitlab/issue_templates/`… */
  templates: Set<number>;
  /** Per file: the words of its name and of its folders. */
  names: Set<string>[];
  folders: Set<string>[];
  /** Files whose name or folders hold a word. */
  pathDf: Map<string, number>;
  /** Definers by the whole form of the name. */
  definers: Map<string, number[]>;
  /** Definers by the hash of the whole form (graph edges from the references). */
  definersByHash: Map<number, number[]>;
  /** Source files defining each command-line flag (whole form), and the variables parsers bind it to. */
  flagDefiners: Map<string, number[]>;
  flagIdents: Map<string, Set<string>>;
  /** The fields a flag's parser code assigns, as written (`buffer` for ripgrep's `--line-buffered`). */
  flagFields: Map<string, Set<string>>;
  /** Resolved imports of each file, and the files importing each file. */
  imports: number[][];
  importers: number[][];
  /**
   * Go files whose imports resolve through a go.mod: each names a package, so its import
   * neighbours are other packages' files, not the modules beside it that `near` lifts.
   */
  packageImporters: Set<number>;
  /** The files of the Go package an import path names (`github.com/spf13/cobra/doc`), through the go.mod files. */
  goPackage(importPath: string): number[];
}

/** A folder of shell completions: `complete/`, `completions/`, `contrib/completion/`. */
const COMPLETION_DIR = /^(auto)?complet(e|ions?)$|^(bash|zsh|fish)[-_]?complet(e|ions?)$/i;
/** A completion script by its name: `completion.zsh`, `_fd.bash`, `git-completion.bash`. */
const COMPLETION_SCRIPT = /complet(e|ions?)[\w.-]*\.(bash|zsh|fish|sh|ps1)$/i;

/** Whether a file is a shell completion, by its path: a folder of them or a script's name. */
function isCompletion(path: string): boolean {
  const segments = path.split('/');
  const name = segments.pop() ?? path;
  return segments.some((folder) => COMPLETION_DIR.test(folder)) || COMPLETION_SCRIPT.test(name);
}

/**
 * An editor's plugin: Vim script and Emacs Lisp. A project ships one to drive its command from
 * the editor (`plugin/fzf.vim`, `autoload/black.vim`); it names the project's options and
 * words, so its text matches most reports, while a report's fix is in the code it drives.
 */
const EDITOR_PLUGIN = /\.(vim|el)$|(^|\/)\.?g?vimrc$/i;

/**
 * A type declaration: TypeScript's `.d.ts` (`.d.mts`, `.d.cts`) and Python's `.pyi` stubs. It
 * names a module's options and functions, so a report's words meet it in few tokens, while it
 * holds no behaviour for a fix to change.
 */
const DECLARATION = /\.d\.[cm]?ts$|\.pyi$/i;

/** A translation catalog: gettext's `.po`, `.pot` and `.mo`, and any file of an `LC_MESSAGES/` folder. */
const TRANSLATION = /\.(po|pot|mo)$|(^|\/)LC_MESSAGES\//i;

/** A template of the forge's issue or pull-request form (GitHub's, GitLab's, Gitea's). */
const TEMPLATE =
  /(^|\/)\.(github|gitlab|gitea)\/(ISSUE_TEMPLATE|PULL_REQUEST_TEMPLATE|issue_templates|merge_request_templates)\/|(^|\/)\.(github|gitea)\/(pull_request|issue)_template\.md$/i;

/**
 * Reserved words of the common languages (`class`, `def`, `return`…): no definition takes one,
 * but the lexical fallback reads them in comments (`an object class`) and a report's snippet
 * writes them, so a file would define `class` for every Python snippet (decision 134).
 */
const RESERVED = new Set(
  (
    'and as async await break case catch class const continue def do elif else enum except ' +
    'export false finally fn for func function if impl import in interface is lambda let new ' +
    'nil not null or pass raise return struct switch this throw trait true try var while yield'
  ).split(' '),
);

/** Hashes of the whole forms of each Go file's definitions (none for other files). */
function goDefinitionHashes(files: ProjectIndex['files']): number[][] {
  return files.map((file) =>
    file.path.endsWith('.go') ? file.defs.map((def) => termHash(wholeForm(def))) : [],
  );
}

const cache = new WeakMap<ProjectIndex, Derived>();

export function derived(index: ProjectIndex): Derived {
  let value = cache.get(index);
  if (!value) {
    value = derive(index);
    cache.set(index, value);
  }
  return value;
}

function derive(index: ProjectIndex): Derived {
  const { files } = index;
  const roles = files.map((file) => fileRole(file.path));
  const completions = new Set<number>();
  const editorPlugins = new Set<number>();
  const declarations = new Set<number>();
  const translations = new Set<number>();
  const templates = new Set<number>();
  files.forEach((file, at) => {
    if (TRANSLATION.test(file.path)) translations.add(at);
    if (TEMPLATE.test(file.path)) templates.add(at);
    if (isCompletion(file.path)) completions.add(at);
    if (EDITOR_PLUGIN.test(file.path)) editorPlugins.add(at);
    if (DECLARATION.test(file.path)) declarations.add(at);
  });
  const names: Set<string>[] = [];
  const folders: Set<string>[] = [];
  const pathDf = new Map<string, number>();
  for (const file of files) {
    const words = pathWords(file.path);
    const name = new Set(words.name);
    const folder = new Set(words.folders);
    names.push(name);
    folders.push(folder);
    for (const word of new Set([...name, ...folder])) pathDf.set(word, (pathDf.get(word) ?? 0) + 1);
  }
  const definers = new Map<string, number[]>();
  const definersByHash = new Map<number, number[]>();
  files.forEach((file, at) => {
    for (const def of file.defs) {
      const whole = wholeForm(def);
      if (RESERVED.has(whole)) continue;
      const list = definers.get(whole);
      if (!list) {
        const created = [at];
        definers.set(whole, created);
        definersByHash.set(termHash(whole), created);
      } else if (list.at(-1) !== at) list.push(at);
    }
  });
  const flagDefiners = new Map<string, number[]>();
  const flagIdents = new Map<string, Set<string>>();
  const flagFields = new Map<string, Set<string>>();
  files.forEach((file, at) => {
    // A test runs the command with its flags, docs describe them: neither defines one.
    if (roles[at] !== 'source') return;
    for (const definition of file.flags ?? []) {
      const set = definition.indexOf('>');
      if (set !== -1) {
        const flag = definition.slice(0, set);
        const fields = flagFields.get(flag);
        if (fields) fields.add(definition.slice(set + 1));
        else flagFields.set(flag, new Set([definition.slice(set + 1)]));
        continue;
      }
      const [flag, ident] = definition.split('=') as [string, string | undefined];
      const list = flagDefiners.get(flag);
      if (!list) flagDefiners.set(flag, [at]);
      else if (list.at(-1) !== at) list.push(at);
      if (ident) {
        const idents = flagIdents.get(flag);
        if (idents) idents.add(ident);
        else flagIdents.set(flag, new Set([ident]));
      }
    }
  });
  const goModules = files.flatMap((file) =>
    file.goModule
      ? [{ folder: file.path.slice(0, Math.max(0, file.path.length - 7)), module: file.goModule }]
      : [],
  );
  const resolver = createResolver(
    files.map((file) => file.path),
    goModules,
  );
  const goDefs = goModules.length ? goDefinitionHashes(files) : null;
  const packageImporters = new Set<number>();
  const imports = files.map((file, at) => {
    const targets = new Set(file.imports.flatMap((spec) => resolver.resolve(at, spec)));
    if (!goDefs || !file.path.endsWith('.go')) return [...targets];
    packageImporters.add(at);
    // A Go import names a whole package: the files of it this file depends on are those
    // defining a name it uses (`parse.Tokens`), not every file of the package.
    const used = file.tagged ? file.refs : file.terms;
    return [...targets].filter((to) => goDefs[to]!.some((hash) => findSorted(used, hash) !== -1));
  });
  const importers: number[][] = files.map(() => []);
  imports.forEach((targets, from) => targets.forEach((to) => importers[to]!.push(from)));
  return {
    roles,
    completions,
    editorPlugins,
    declarations,
    translations,
    templates,
    names,
    folders,
    pathDf,
    definers,
    definersByHash,
    flagDefiners,
    flagIdents,
    flagFields,
    imports,
    importers,
    packageImporters,
    goPackage: (importPath) => resolver.goPackage(importPath),
  };
}
