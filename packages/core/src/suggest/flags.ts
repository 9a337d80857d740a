import type { Derived } from './derived';
import { termPostings } from './postings';
import type { Scores } from './signals';
import { termHash, wholeForm } from './tokenize';
import type { ProjectIndex } from './types';

/**
 * Command-line flags: the ones a request names (`--no-ignore-dot`, `--preview-window`), and
 * the files that define them, read from a file's text at index time with a few regular
 * expressions of the common option parsers. A definition is kept as the flag's whole form
 * (`noignoredot`), or `flag=ident` when the parser binds it to a differently named variable
 * (clap's `#[arg(long = "print0")] null_separator`, pflag's `BoolVar(&o.follow, "follow-links")`):
 * the files that read that variable act on the flag.
 */

/** A long flag in a request: `--x`, `--x-y`, not inside a word or a longer dash run. */
const REQUEST_FLAG = /(?:^|[\s`'"([,=/|])--([a-z][a-z0-9]*(?:-[a-z0-9]+)*)(?![\w-])/gi;
/**
 * A quoted long flag in code: click's `"--name"`, argparse's, fzf's `case "--preview-window":`,
 * a zsh completion's `{-L,--follow}'[…]'` or `(x)--strip-cwd-prefix[…]`. Not a backtick: that is
 * Markdown prose about the flag.
 */
const QUOTED_FLAG = /--([a-z][a-z0-9]*(?:-[a-z0-9]+)*)(?=[="'\s[<(:,}])/iy;
const QUOTE_BEFORE_FLAG = new Set(['"', "'", '{', ',', ')']);
/** clap's builder `.long("name")`, its derive's `long = "name"`, ripgrep's `fn name_long` returning `"name"`. */
const LONG_NAME = /\b(?:long\s*(?:=\s*|\(\s*)|name_long\b[^"{}]{0,40}\{\s*)"([a-z][a-z0-9-]*)"/g;
/** A clap derive field: `#[arg(...)]` or `#[clap(...)]` and the field it annotates. */
const CLAP_FIELD =
  /#\[(?:arg|clap|structopt)\(([\s\S]{0,600}?)\)\]\s*(?:(?:\/\/[^\n]*|#\[[^\n]*\])\s*)*(?:pub(?:\([^)]*\))?\s+)?([a-z_][a-z0-9_]*)\s*:/g;
/** pflag / cobra: `Flags().BoolVarP(&o.follow, "follow", "L", …)`, `String("name", …)`. */
const PFLAG =
  /\.(?:Bool|String|Int|Int8|Int16|Int32|Int64|Uint|Uint8|Uint16|Uint32|Uint64|Float32|Float64|Duration|Count|IP|StringSlice|StringArray|StringToString|IntSlice|BoolSlice|Var)(?:Var)?P?\(\s*(?:&?([\w.]+)\s*,\s*)?"([a-z][a-z0-9-]*)"/g;

/** Flag definitions kept per file: an option parser of a large command defines a few hundred. */
const MAX_FLAGS = 600;
/** The field a Go `case "--x":` body assigns first: `opts.Sort = 0`, `if opts.Height, err = …`. */
const GO_CASE_FIELD = /\b[a-z]\w*\.([A-Z]\w*)\s*(?:,[^=\n]*)?=(?!=)/;
/** The end of a Go case body: the next `case` or `default:` of the switch. */
const GO_CASE_END = /\n\s*(?:case\s|default:)/g;
/** The field ripgrep's `fn update(…, args: &mut LowArgs)` sets: `args.buffer = …`. */
const UPDATE_FIELD = /\bfn update\b[^{]*\{[\s\S]*?\bargs\.([a-z_][a-z0-9_]*)/y;

/** The long flags a request names, as whole forms (`--no-ignore-dot` → `noignoredot`), each once. */
export function flagsIn(body: string): Map<string, string> {
  const flags = new Map<string, string>();
  for (const [, name] of body.matchAll(REQUEST_FLAG)) {
    const whole = wholeForm(name!);
    if (whole.length >= 2 && !flags.has(whole)) flags.set(whole, `--${name!.toLowerCase()}`);
  }
  return flags;
}

const lastPart = (ident: string) => ident.slice(ident.lastIndexOf('.') + 1);

/** The flags a file's text defines: `flag` or `flag=ident`, whole forms, each once. */
export function flagDefinitions(path: string, text: string): string[] {
  const extension = path.slice(path.lastIndexOf('.') + 1);
  const found = new Set<string>();
  const add = (flag: string, ident?: string) => {
    const whole = wholeForm(flag);
    if (whole.length < 2 || found.size >= MAX_FLAGS) return;
    const bound = ident ? wholeForm(lastPart(ident)) : '';
    found.add(bound && bound !== whole ? `${whole}=${bound}` : whole);
  };
  // The field the parser's code for a flag assigns, as written: the code reading it drives the flag.
  const sets = (flag: string, field: string | undefined) => {
    if (field && found.size < MAX_FLAGS) found.add(`${wholeForm(flag)}>${field}`);
  };
  // Each `--` looked at where it is: a scan of every quote would cost as much as the terms'.
  for (let at = text.indexOf('--', 1); at !== -1; at = text.indexOf('--', at + 2)) {
    if (!QUOTE_BEFORE_FLAG.has(text[at - 1]!)) continue;
    QUOTED_FLAG.lastIndex = at;
    const flag = QUOTED_FLAG.exec(text)?.[1];
    if (!flag) continue;
    add(flag);
    if (extension === 'go') sets(flag, goCaseField(text, at));
  }
  if (extension === 'rs' && text.includes('long'))
    for (const match of text.matchAll(LONG_NAME)) {
      add(match[1]!);
      if (match[0].includes('name_long')) sets(match[1]!, updateField(text, match.index));
    }
  if (extension === 'rs' && text.includes('#[')) {
    for (const [, body, field] of text.matchAll(CLAP_FIELD)) {
      const named = /\blong\s*=\s*"([a-z][a-z0-9-]*)"/.exec(body!);
      if (named) add(named[1]!, field);
      else if (/\blong\b/.test(body!)) add(field!);
    }
  }
  if (extension === 'go') {
    for (const [, ident, flag] of text.matchAll(PFLAG)) add(flag!, ident);
  }
  return [...found];
}

/** The field a Go switch's `case "--x":` body assigns, when the flag is quoted on a case line. */
function goCaseField(text: string, at: number): string | undefined {
  const line = text.lastIndexOf('\n', at) + 1;
  if (!/^\s*case\s/.test(text.slice(line, at))) return undefined;
  const start = text.indexOf('\n', at);
  if (start === -1) return undefined;
  GO_CASE_END.lastIndex = start;
  const end = GO_CASE_END.exec(text)?.index ?? text.length;
  return GO_CASE_FIELD.exec(text.slice(start, Math.min(end, start + 600)))?.[1];
}

/** The field ripgrep's `impl Flag` sets in `fn update`, before the next `impl`. */
function updateField(text: string, at: number): string | undefined {
  const next = text.indexOf('\nimpl', at);
  const from = text.indexOf('fn update', at);
  if (from === -1 || (next !== -1 && from > next)) return undefined;
  UPDATE_FIELD.lastIndex = from;
  const match = UPDATE_FIELD.exec(text);
  if (!match || (next !== -1 && match.index + match[0].length > next)) return undefined;
  return match[1];
}

/** Files whose variable of a flag others read: at most this many, else the name is common. */
const MAX_READERS = 30;
/** A reader's weight beside a definer's. */
const READER_WEIGHT = 0.5;

/** The variables a flag's value is read through: its parsers' bindings and, for `--x-y`, `x_y`. */
function flagReadAs(flag: string, written: string, d: Derived): Set<string> {
  const idents = new Set(d.flagIdents.get(flag));
  // `--no-ignore-dot` is read as `no_ignore_dot`; a one-word flag's name is a common word.
  if (written.includes('-', 2)) idents.add(flag);
  return idents;
}

/** The files of the flags a request names, and which flag each file defines or reads. */
export interface FlagFiles {
  scores: Scores;
  /**
   * The first flag of the request a file defines, else one whose variable it reads, else one
   * naming a folder it is in (`folder`, `src/exec/`), as written.
   */
  flags: Map<number, { flag: string; defines: boolean; folder?: string }>;
}

/**
 * Files for the flags a request names: those defining each (1 / √definers) and, when the
 * flag's variable is a name of more than one word (`no_ignore_dot`, clap's `null_separator`
 * for `--print0`), the few files that hold that name (half as much): the code acting on it; and
 * the few files in a folder of the flag's name (`--exec`, `src/exec/`), as much as a reader.
 * Source files only: a test runs the command with its flags, and docs describe them.
 */
export function flagScores(
  flags: ReadonlyMap<string, string>,
  index: ProjectIndex,
  d: Derived,
): FlagFiles {
  const scores: Scores = new Map();
  const byFile = new Map<number, { flag: string; defines: boolean; folder?: string }>();
  if (flags.size === 0) return { scores, flags: byFile };
  const postings = termPostings(index);
  const add = (at: number, weight: number) => scores.set(at, (scores.get(at) ?? 0) + weight);
  const readers: [number, string][] = [];
  const folders: [number, string, string][] = [];
  for (const [flag, written] of flags) {
    const definers = d.flagDefiners.get(flag);
    if (!definers) continue;
    for (const at of definers) {
      add(at, 1 / Math.sqrt(definers.length));
      if (!byFile.has(at)) byFile.set(at, { flag: written, defines: true });
    }
    for (const ident of flagReadAs(flag, written, d)) {
      const { files } = postings.of(termHash(ident));
      if (files.length === 0 || files.length > MAX_READERS) continue;
      for (const at of files) {
        if (d.roles[at] !== 'source') continue;
        add(at, READER_WEIGHT / Math.sqrt(files.length));
        readers.push([at, written]);
      }
    }
    // `--exec` names `src/exec/`: the code the flag drives is there, whether or not it holds the name.
    const { files, folder } = flagFolderFiles(flag, index, d);
    if (files.length <= MAX_READERS) {
      for (const at of files) {
        add(at, READER_WEIGHT / Math.sqrt(files.length));
        folders.push([at, written, folder!]);
      }
    }
  }
  // A definition names the file's flag before a read does, whichever flag comes first.
  for (const [at, written] of readers) {
    if (!byFile.has(at)) byFile.set(at, { flag: written, defines: false });
  }
  for (const [at, written, folder] of folders) {
    if (!byFile.has(at)) byFile.set(at, { flag: written, defines: false, folder });
  }
  return { scores, flags: byFile };
}

/** The files defining a flag the request names. */
export function flagDefinersOf(flags: ReadonlyMap<string, string>, d: Derived): Set<number> {
  const files = new Set<number>();
  for (const flag of flags.keys()) for (const at of d.flagDefiners.get(flag) ?? []) files.add(at);
  return files;
}

/**
 * Source files under a folder named as the flag (`--exec` → `src/exec/`, `--line-buffered` →
 * `line_buffered/`), and the first such folder: not its definers, completions or editor plugins.
 */
function flagFolderFiles(
  flag: string,
  index: ProjectIndex,
  d: Derived,
): { files: number[]; folder?: string } {
  const definers = new Set(d.flagDefiners.get(flag) ?? []);
  const files: number[] = [];
  let folder: string | undefined;
  index.files.forEach((file, at) => {
    if (d.roles[at] !== 'source' || definers.has(at)) return;
    if (d.completions.has(at) || d.editorPlugins.has(at)) return;
    const parts = file.path.split('/');
    const named = parts.slice(0, -1).findIndex((part) => wholeForm(part) === flag);
    if (named === -1) return;
    files.push(at);
    folder ??= `${parts.slice(0, named + 1).join('/')}/`;
  });
  return { files, folder };
}
