import { flagsIn } from './flags';
import { countTerms, spellTerms, wholeForm } from './tokenize';
import { requestBody } from './issue-text';
import { type Mention, mentionsIn, modulesIn, withSourcePaths } from './mentions';

/** What the ranker reads in a request. */
export interface ParsedRequest {
  /** Query terms (tokenize.ts) and how many times the request says each. */
  terms: Map<string, number>;
  /** Whole forms of the request's names, code-like ones (`parseArgs`, `x_y`, `` `z` ``) true. */
  names: Map<string, boolean>;
  /** Names as written, by whole form, for reasons. */
  written: Map<string, string>;
  /** Each query term as the request writes it (`updating` for `updat`), for reasons. */
  spelled: Map<string, string>;
  mentions: Mention[];
  /** Dotted names that may be Python modules (`click.testing`), resolved against the project. */
  modules: string[];
  /**
   * Terms of the part of the project the request says it is about, before a colon on its
   * first line: `ignore/types: add a type`, `fix(optimizer): …`, `web listing: …`.
   */
  scope: Set<string>;
  /** Words that ask for tests, docs… (then those files are not demoted). */
  asks: Set<
    | 'test'
    | 'docs'
    | 'fixture'
    | 'generated'
    | 'vendored'
    | 'asset'
    | 'completion'
    | 'editor'
    | 'types'
    | 'translation'
  >;
  /** Long flags the request names (`--no-ignore-dot`), by whole form, as written. */
  flags: Map<string, string>;
  /** Changes the request points at: pull request and issue numbers, and commit hashes. */
  refs: { numbers: Set<number>; shas: string[] };
}

/** English words that say nothing about which file (the request is prose, the code is not). */
const STOP_WORDS = new Set(
  (
    'a an and are as at be been but by can could do does did for from has have how i if in ' +
    'into is it its it’s me my no not of on or our should so some such than that the their ' +
    'them then there these this those to too up us was we were what when where which while ' +
    'who why will with would you your also any all add adds added fix fixes fixed make ' +
    'makes use used using new now only more instead when after before because get gets ' +
    'should must may please want need needs work works way one two via see same other ' +
    'file files code issue bug error problem support allow allows change changes update ' +
    'updates remove removes like just like correctly properly case cases wrong'
  ).split(' '),
);

const BACKTICKED = /`([^`\n]{1,120})`/g;
// From an identifier's first character only: tried inside a long run of word characters (a
// pasted blob), a match would rescan the rest of the run from every position.
const CALLED = /(?<![\w$])([A-Za-z_$][\w$]*)\(/g;

const ASKS: Record<string, ParsedRequest['asks'] extends Set<infer T> ? T : never> = {
  test: 'test',
  tests: 'test',
  testing: 'test',
  spec: 'test',
  specs: 'test',
  e2e: 'test',
  unittest: 'test',
  pytest: 'test',
  docs: 'docs',
  doc: 'docs',
  documentation: 'docs',
  readme: 'docs',
  changelog: 'docs',
  fixture: 'fixture',
  fixtures: 'fixture',
  snapshot: 'fixture',
  snapshots: 'fixture',
  generated: 'generated',
  vendor: 'vendored',
  vendored: 'vendored',
  svg: 'asset',
  css: 'asset',
  styles: 'asset',
  icon: 'asset',
  icons: 'asset',
  completion: 'completion',
  completions: 'completion',
  autocomplete: 'completion',
  autocompletion: 'completion',
  compdef: 'completion',
  compadd: 'completion',
  zsh: 'completion',
  bash: 'completion',
  fish: 'completion',
  powershell: 'completion',
  vim: 'editor',
  neovim: 'editor',
  nvim: 'editor',
  vimscript: 'editor',
  vimrc: 'editor',
  emacs: 'editor',
  elisp: 'editor',
  types: 'types',
  typings: 'types',
  dts: 'types',
  translation: 'translation',
  translations: 'translation',
  translate: 'translation',
  translated: 'translation',
  i18n: 'translation',
  l10n: 'translation',
  locale: 'translation',
  locales: 'translation',
  localization: 'translation',
  localisation: 'translation',
  gettext: 'translation',
};

/** A word of the request, as the terms read it. */
const WORD = /[A-Za-z_$\u00C0-\uFFFF][\w$\u00C0-\uFFFF]*/g;
/** A fenced block (a snippet, a log, a command's output), up to its closing fence or the end. */
const FENCED = /^\s*(```|~~~)[^\n]*\n[\s\S]*?(?:^\s*\1\s*$|(?![\s\S]))/gm;

/** `https://…` up to a space, a quote or a closing bracket. */
const URL = /\bhttps?:\/\/[^\s<>"'`)\]]+/g;
/** A link's path, without its host, query string and fragment. */
const LINK_PATH = /^https?:\/\/[^/?#]+(\/[^?#]*)?/;
/** A GitHub link to a file: `github.com/o/r/blob/<ref>/<path>#L12`. */
const GITHUB_FILE =
  /^https?:\/\/github\.com\/[^/]+\/[^/]+\/(?:blob|tree|raw)\/[^/]+\/([^?#]+)(?:[^#]*#L(\d+))?/;

/**
 * Links read as what they name: a GitHub link to a file is that file's path (with its line), the
 * best clue a report gives; another GitHub link (an issue, a repository) names no file of the
 * project, and of any other link only the words of its path are kept, not a playground's query
 * string of encoded state.
 */
export function withoutUrls(request: string): string {
  return request.replace(URL, (url) => {
    const file = GITHUB_FILE.exec(url);
    if (!file) {
      if (/^https?:\/\/(?:www\.)?github\.com\//.test(url)) return ' ';
      // A page's path may say what it is about (`/source-map-visualization/`); its host, query
      // string and fragment (a playground's encoded state) say nothing.
      return ` ${(LINK_PATH.exec(url)?.[1] ?? '').replace(/[/._-]+/g, ' ')} `;
    }
    const path = file[1]!.replace(/%2F/gi, '/').replace(/[.,;:]+$/, '');
    return ` ${path}${file[2] ? `:${file[2]}` : ''} `;
  });
}

/** `#123`, not in a word (`a#1`) nor a colour (`#fff`). */
const NUMBER_REF = /(?:^|[^\w&#])#(\d{2,7})\b/g;
/** A GitHub link to a pull request, an issue or a commit. */
const GITHUB_REF =
  /github\.com\/[^/\s]+\/[^/\s]+\/(?:(?:pull|issues)\/(\d+)|commit\/([0-9a-f]{7,40}))/gi;
/** A commit hash in prose: 7–40 hex digits with a letter and a digit (not `deadbeef`, not `00000010`). */
const SHA_REF = /(?:^|[^\w/#.-])([0-9a-f]{7,40})(?![\w/-]|\.\w)/g;

/** The changes a request points at: `#123`, a pull request's or issue's link, a commit's hash. */
export function refsIn(body: string): ParsedRequest['refs'] {
  const numbers = new Set<number>();
  const shas = new Set<string>();
  for (const [, number, sha] of body.matchAll(GITHUB_REF)) {
    if (number) numbers.add(Number(number));
    if (sha) shas.add(sha.toLowerCase());
  }
  // Hashes in other links are a file's version (a `blob/<sha>/` link), not a change.
  const prose = body.replace(/\bhttps?:\/\/\S+/g, ' ');
  for (const [, number] of prose.matchAll(NUMBER_REF)) numbers.add(Number(number));
  for (const [, sha] of prose.matchAll(SHA_REF)) {
    if (/[a-f]/.test(sha!) && /\d/.test(sha!)) shas.add(sha!);
  }
  return { numbers, shas: [...shas] };
}

/**
 * The request's terms, names, mentions and the rest; `cut: false` reads the template's
 * boilerplate too (the ranker counts it to tell a report from a commit-like line).
 */
export function parseRequest(raw: string, options: { cut?: boolean } = {}): ParsedRequest {
  const body = options.cut === false ? raw : requestBody(raw);
  const sourced = withSourcePaths(body);
  const refs = refsIn(sourced);
  const request = withoutUrls(sourced);
  const mentions = mentionsIn(request);
  const terms = new Map<string, number>();
  const names = new Map<string, boolean>();
  const written = new Map<string, string>();
  const spelled = new Map<string, string>();
  const asks: ParsedRequest['asks'] = new Set();

  // A quoted path counts once, as a mention: its folders are not words of the request.
  let prose = request;
  for (const mention of mentions) {
    prose = prose.split(mention.path).join(' ').split(mention.path.replace(/\//g, '\\')).join(' ');
  }
  const words = prose.match(WORD) ?? [];
  const codeLike = new Set<string>();
  for (const [, inner] of request.matchAll(BACKTICKED)) {
    for (const name of inner!.match(/[A-Za-z_$][\w$]*/g) ?? []) codeLike.add(name);
  }
  // `edit(`, `click.edit(`: a name written as a call is code, even a plain word.
  for (const [, name] of request.matchAll(CALLED)) codeLike.add(name!);
  // What the request asks for is in its prose: a pasted log or snippet (`fish` in a timing's
  // output, `def test_x` in a reproduction) asks for no completion nor test.
  for (const word of prose.replace(FENCED, ' ').match(WORD) ?? []) {
    const lower = word.toLowerCase();
    // Own keys only: `constructor` or `toString` would otherwise find the prototype's functions.
    if (Object.hasOwn(ASKS, lower)) asks.add(ASKS[lower]!);
  }
  for (const word of words) {
    const lower = word.toLowerCase();
    if (STOP_WORDS.has(lower)) continue;
    const counts = new Map<string, number>();
    countTerms(word, counts);
    spellTerms(word, spelled);
    for (const [term, count] of counts) {
      if (!STOP_WORDS.has(term)) terms.set(term, (terms.get(term) ?? 0) + count);
    }
    const whole = wholeForm(word);
    if (whole.length < 3) continue;
    const isCode =
      codeLike.has(word) || /[a-z][A-Z]|[A-Za-z]_[A-Za-z]|^[A-Z][a-z]+[A-Z]/.test(word);
    names.set(whole, (names.get(whole) ?? false) || isCode);
    if (!written.has(whole) || isCode) written.set(whole, word);
  }
  // Two prose words may be one identifier: "parse args" meets `parseArgs` whole.
  for (let i = 0; i + 1 < words.length; i++) {
    const [a, b] = [words[i]!.toLowerCase(), words[i + 1]!.toLowerCase()];
    if (STOP_WORDS.has(a) || STOP_WORDS.has(b) || /[^a-z]/.test(a + b)) continue;
    const joined = a + b;
    if (!terms.has(joined)) terms.set(joined, 1);
    if (!spelled.has(joined)) spelled.set(joined, `${words[i]} ${words[i + 1]}`);
    if (!names.has(joined)) {
      // Two words that make one defined name are as specific as a code name.
      names.set(joined, true);
      written.set(joined, `${words[i]} ${words[i + 1]}`);
    }
  }
  const flags = flagsIn(request);
  return {
    terms,
    names,
    written,
    spelled,
    mentions,
    modules: modulesIn(request),
    asks,
    scope: scopeOf(request),
    refs,
    flags,
  };
}

/** A first line's `scope:` or `type(scope):` prefix, as path terms. */
const SCOPE_PREFIX = /^\s*(_?[A-Za-z][\w./ -]{0,40}?)(?:\(([^)\n]{1,40})\))?!?:\s/;
/** Conventional-commit types: they say what kind of change, not where. */
const CHANGE_KINDS = new Set(
  'fix feat feature refactor docs doc chore ci test tests perf build style deps revert release lint wip'.split(
    ' ',
  ),
);

export function scopeOf(request: string): Set<string> {
  const scope = new Set<string>();
  const match = SCOPE_PREFIX.exec(request);
  if (!match) return scope;
  const [, kind, inner] = match;
  // `TypeError: x is undefined` is an error's name, and a sentence is not a scope.
  const prefix = kind!.trim();
  const named = !/(?:Error|Exception|Warning|Panic)$/.test(prefix) && prefix.split(' ').length <= 2;
  const words = inner ?? (CHANGE_KINDS.has(prefix.toLowerCase()) || !named ? '' : prefix);
  for (const word of words.split(/[^A-Za-z0-9_$]+/)) {
    if (!word || STOP_WORDS.has(word.toLowerCase())) continue;
    const counts = new Map<string, number>();
    countTerms(word, counts);
    for (const term of counts.keys()) scope.add(term);
  }
  return scope;
}
