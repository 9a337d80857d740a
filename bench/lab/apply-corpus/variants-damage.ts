// More damage models do (decisions 185, 208): search/replace blocks re-indented by two
// spaces or dedented, with blank lines at their ends or tabs written as spaces, hunks with
// wrong counts and trailing spaces stripped, hunks without their trailing context, whole
// files cut short under a "rest unchanged" comment, and CRLF files answered with LF blocks
// and whole files. Each must apply as meant or be refused, never written wrong.
import type { Case, Make, Rng } from './case';
import type { Commit } from './commits';
import { cloneDiff, joinDiff, splitDiff } from './diff-text';
import { fencedDiff, INTRO, lines, namedFence } from './naming';
import { block, blocksByFile, foundElsewhere } from './search-replace';

/** Every path edited in place (no rename, creation or deletion), its final newline kept. */
function onlyEdited(commit: Commit): boolean {
  if (commit.renamed) return false;
  return [...commit.after].every(([p, t]) => {
    const before = commit.before.get(p);
    return (
      t !== null &&
      before !== undefined &&
      before !== '' &&
      (t === '' || t.endsWith('\n')) === before.endsWith('\n')
    );
  });
}

const indentOf = (line: string) => /^[ \t]*/.exec(line)![0];

/**
 * The commit's hunks as search/replace blocks with each block's lines moved: `+2` puts two
 * spaces before every line that has text, `dedent` removes the indentation they all share.
 * Certain only where each block's lines, trimmed, are found once in the file as the blocks
 * before it left it; elsewhere a refusal is as right as the commit's result. No case where
 * a moved search is found as written at another place (`foundElsewhere`): a block meant
 * there, not a damaged one (as for blank edges and tabs as spaces below).
 */
function movedBlocks(commit: Commit, rng: Rng, make: Make, how: '+2' | 'dedent'): Case | null {
  let moved = false;
  let other = false;
  const { parts, certain } = blocksByFile(commit, rng, (search, replace, _h, now) => {
    let shift: (l: string) => string;
    if (how === '+2') shift = (l) => (l.trim() === '' ? l : `  ${l}`);
    else {
      const indents = [...search, ...replace].filter((l) => l.trim() !== '').map(indentOf);
      let common = indents[0] ?? '';
      for (const indent of indents) while (!indent.startsWith(common)) common = common.slice(0, -1);
      if (common === '') return block(search, replace);
      shift = (l) => (l.trim() === '' ? l : l.slice(common.length));
    }
    moved = true;
    if (foundElsewhere(now, search, search.map(shift))) other = true;
    return block(search.map(shift), replace.map(shift));
  });
  if (!moved || other) return null;
  const variant = how === '+2' ? 'search-reindented' : 'search-dedented';
  return make(variant, `${INTRO[rng.int(INTRO.length)]}\n\n${parts.join('\n')}`, {
    either: !certain,
  });
}

/**
 * The commit's hunks as search/replace blocks with a blank line after the SEARCH marker and
 * before the divider, and the same around the replacement (models add them where the file
 * has none). Certain where each block's lines, trimmed, are found once in the file as the
 * blocks before it left it.
 */
function blankEdgedBlocks(commit: Commit, rng: Rng, make: Make): Case | null {
  let other = false;
  const { parts, certain } = blocksByFile(commit, rng, (search, replace, _h, now) => {
    if (foundElsewhere(now, search, ['', ...search, ''])) other = true;
    return block(['', ...search, ''], ['', ...replace, '']);
  });
  if (other) return null;
  return make('search-blank-edges', `${INTRO[rng.int(INTRO.length)]}\n\n${parts.join('\n')}`, {
    either: !certain,
  });
}

/**
 * The commit's hunks as search/replace blocks with every tab that indents a line written as
 * four spaces (models rewrite tabs so). Only commits whose hunks indent with tabs, each
 * search that way where its replacement is, and add no line indented with spaces. Certain
 * where each block's lines, trimmed, are found once in the file as the blocks before it left
 * it and no line is indented with tabs and spaces both.
 */
function tabsAsSpaces(commit: Commit, rng: Rng, make: Make): Case | null {
  const spaced = (line: string) => {
    const tabs = /^\t*/.exec(line)![0].length;
    return '    '.repeat(tabs) + line.slice(tabs);
  };
  let tabbed = false;
  let plain = false;
  let mixed = false;
  const { parts, certain } = blocksByFile(commit, rng, (search, replace, h, now) => {
    if (foundElsewhere(now, search, search.map(spaced))) plain = true;
    if ([...search, ...replace].some((l) => /^\t+ |^ +\t/.test(l))) mixed = true;
    if ([...search, ...replace].some((l) => l.startsWith('\t'))) tabbed = true;
    // A replacement's tabs written as spaces under a search that shows none are the
    // answer's own meaning: no case.
    if (!search.some((l) => l.startsWith('\t')) && replace.some((l) => l.startsWith('\t')))
      plain = true;
    // Nor are lines the commit adds indented with spaces where the file has tabs.
    if (search.some((l) => l.startsWith('\t')) && h.lines.some((l) => l.startsWith('+ ')))
      plain = true;
    return block(search.map(spaced), replace.map(spaced));
  });
  if (!tabbed || plain) return null;
  return make('search-tabs-as-spaces', `${INTRO[rng.int(INTRO.length)]}\n\n${parts.join('\n')}`, {
    either: !certain || mixed,
  });
}

/** Counts off by one or two and every line's trailing white space stripped. */
function countsAndSpaces(commit: Commit, rng: Rng, make: Make): Case | null {
  const files = cloneDiff(splitDiff(commit.diff));
  const hunkLines = files.flatMap((f) => f.hunks.flatMap((h) => h.lines));
  // Stripped from an added line, the spaces would be the answer's own meaning: left out.
  if (hunkLines.some((l) => l[0] === '+' && l.length > 1 && l !== l.trimEnd())) return null;
  const spacedOld = hunkLines.some((l) => /^[ -]/.test(l) && l.length > 1 && l !== l.trimEnd());
  let wrong = false;
  for (const h of files.flatMap((f) => f.hunks)) {
    const by = rng.int(5) - 2;
    h.oldCount = Math.max(0, h.oldCount + by);
    h.newCount = Math.max(0, h.newCount + (rng.int(2) === 0 ? by : rng.int(5) - 2));
    if (by !== 0) wrong = true;
  }
  if (!wrong) files[0]!.hunks[0]!.oldCount++;
  const text = joinDiff(files)
    .split('\n')
    .map((l) => l.trimEnd())
    .join('\n');
  // A context line that had trailing spaces no longer matches as written: refusing is right.
  return make('wrong-counts-trimmed', fencedDiff(text, rng), { either: spacedOld });
}

/** Each hunk without the context after its last change (git then anchors it at the end). */
function noTrailingContext(commit: Commit, rng: Rng, make: Make): Case | null {
  const files = cloneDiff(splitDiff(commit.diff));
  let changed = false;
  for (const f of files) {
    for (const h of f.hunks) {
      let cut = 0;
      while (h.lines.length - cut > 0 && h.lines[h.lines.length - 1 - cut]![0] === ' ') cut++;
      if (cut === 0) continue;
      h.lines.splice(h.lines.length - cut);
      h.oldCount -= cut;
      h.newCount -= cut;
      changed = true;
    }
  }
  if (!changed) return null;
  // git refuses such a hunk where it is not at the file's end, and so does core (decision
  // 185 measured applying it where found once: git's own tests call that wrong).
  return make('no-trailing-context', fencedDiff(joinDiff(files), rng), { either: true });
}

const REST_WORDS = [
  '... rest of the file unchanged ...',
  'rest of the code remains the same',
  '(rest of file unchanged)',
  '... remaining code unchanged',
  '... existing code ...',
  'Rest of the file stays the same',
];

/** A comment in the file's language saying the rest is left out. */
function restComment(path: string, rng: Rng): string {
  const words = REST_WORDS[rng.int(REST_WORDS.length)]!;
  if (/\.(md|markdown|html?|xml|csproj|props|targets|vue|svelte)$/i.test(path))
    return `<!-- ${words} -->`;
  if (/\.(py|sh|bash|ya?ml|toml|rb|cfg|ini|txt|r|pl)$|(^|\/)(Makefile|Dockerfile)$/i.test(path))
    return `# ${words}`;
  if (/\.(css|scss)$/i.test(path)) return `/* ${words} */`;
  return `// ${words}`;
}

/**
 * Whole files cut a few lines after their first change, a comment saying the rest is
 * unchanged where the rest was: applying them would delete it, so they must be refused.
 */
function restUnchanged(commit: Commit, rng: Rng, make: Make): Case | null {
  const parts: string[] = [];
  let cut = false;
  for (const [path, text] of commit.after) {
    let body = text!;
    const all = lines(body);
    const before = lines(commit.before.get(path)!);
    let first = 0;
    while (first < all.length && all[first] === before[first]) first++;
    const keep = Math.min(all.length, first + 3);
    const comment = restComment(path, rng);
    if (all.length - keep >= 3 && !commit.before.get(path)!.includes(comment.trim())) {
      body = `${[...all.slice(0, keep), comment].join('\n')}\n`;
      cut = true;
    }
    parts.push(namedFence(path, body, rng));
  }
  if (!cut) return null;
  return make('whole-file-rest-unchanged', `${INTRO[0]}\n\n${parts.join('\n')}`, {
    refuse: true,
  });
}

/** CRLF files answered with LF search/replace blocks and LF whole files. */
function crlfFilesLfAnswers(commit: Commit, rng: Rng, make: Make): Case[] {
  if ([...commit.before.values()].some((t) => t.includes('\r'))) return [];
  if ([...commit.after.values()].some((t) => t!.includes('\r'))) return [];
  const crlf = (t: string) => t.replaceAll('\n', '\r\n');
  const expect = new Map([...commit.after].map(([p, t]) => [p, crlf(t!)]));
  const cases: Case[] = [];
  const { parts, certain } = blocksByFile(commit, rng, block);
  const blocks = make('crlf-files-blocks', `${INTRO[1]}\n\n${parts.join('\n')}`, {
    expect,
    either: !certain,
  });
  blocks.files = new Map([...blocks.files].map(([p, t]) => [p, crlf(t)]));
  cases.push(blocks);
  // A whole file in a fence needs a line of its own for the closing fence.
  if (![...commit.after.values()].every((t) => t!.endsWith('\n'))) return cases;
  const whole = [...commit.after].map(([path, text]) => namedFence(path, text!, rng));
  const wholeCase = make('crlf-files-whole', `${INTRO[2]}\n\n${whole.join('\n')}`, { expect });
  wholeCase.files = new Map([...wholeCase.files].map(([p, t]) => [p, crlf(t)]));
  cases.push(wholeCase);
  return cases;
}

export function damageVariants(commit: Commit, rng: Rng, make: Make): Case[] {
  if (!onlyEdited(commit)) return [];
  const cases: (Case | null)[] = [
    movedBlocks(commit, rng, make, '+2'),
    movedBlocks(commit, rng, make, 'dedent'),
    blankEdgedBlocks(commit, rng, make),
    tabsAsSpaces(commit, rng, make),
    countsAndSpaces(commit, rng, make),
    noTrailingContext(commit, rng, make),
    restUnchanged(commit, rng, make),
    ...crlfFilesLfAnswers(commit, rng, make),
  ];
  return cases.filter((c): c is Case => c !== null);
}
