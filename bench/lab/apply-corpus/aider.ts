// Aider's fixture of real model answers (tests/fixtures/chat-history.md) and the blocks its
// own parser reads from each (chat-history-search-replace-gold.txt), read at run time from
// the mirror. Each answer is applied to a pre-image holding every search text of a file
// (filler lines between); the expected file is the blocks applied in order, each text found
// exactly once. A block found twice, or an empty search on an existing file, must fail.
import { git, type Case } from './case';

interface GoldBlock {
  path: string;
  search: string;
  replace: string;
}

function readGold(gold: string): { header: string; blocks: GoldBlock[] }[] {
  const entries: { header: string; blocks: GoldBlock[] }[] = [];
  const parts = gold.split(/^@@@ /m).slice(1);
  let block: GoldBlock | null = null;
  for (const part of parts) {
    const [first, ...rest] = part.split('\n');
    const head = first!.replace(/\s*@{20}$/, '');
    if (head.startsWith('####')) entries.push({ header: head, blocks: [] });
    else if (head.startsWith('SEARCH: ')) {
      const body = rest.join('\n');
      const split = body.indexOf(`${'@'.repeat(20)}\n`);
      block = {
        // A Windows path (`src\app\x.py`) names the file the folder holds as src/app/x.py.
        path: head.slice(8).replaceAll('\\', '/'),
        search: body.slice(0, split),
        replace: body.slice(split + 21),
      };
      entries.at(-1)?.blocks.push(block);
    } else if (
      head.startsWith('SHELL') ||
      head.startsWith('ENDSHELL') ||
      head.startsWith('REPLACE')
    )
      continue;
  }
  return entries;
}

function expected(
  blocks: GoldBlock[],
): { files: Map<string, string>; expect: Map<string, string>; certain: boolean } | null {
  const files = new Map<string, string>();
  for (const b of blocks) {
    if (b.search === '') continue;
    const seen = files.get(b.path) ?? '';
    if (!seen.includes(b.search))
      files.set(b.path, `${seen}# filler ${files.size} ${seen.length}\n${b.search}`);
  }
  for (const [path, text] of files) files.set(path, `${text}# end of ${path}\n`);
  const expect = new Map(files);
  let certain = true;
  for (const b of blocks) {
    const now = expect.get(b.path);
    if (b.search === '') {
      if (now !== undefined) certain = false;
      else expect.set(b.path, b.replace);
      continue;
    }
    if (now === undefined) return null;
    const at = now.indexOf(b.search);
    if (at === -1) return null;
    if (now.indexOf(b.search, at + 1) !== -1) certain = false;
    expect.set(b.path, now.slice(0, at) + b.replace + now.slice(at + b.search.length));
  }
  return { files, expect, certain };
}

export function aiderCases(gitDir: string): Case[] {
  const history = git(gitDir, ['show', 'HEAD:tests/fixtures/chat-history.md']);
  const gold = readGold(
    git(gitDir, ['show', 'HEAD:tests/fixtures/chat-history-search-replace-gold.txt']),
  );
  const sections = history.split(/(?=####\s)/);
  const cases: Case[] = [];
  let at = 0;
  for (const entry of gold) {
    if (entry.blocks.length === 0) continue;
    // A header can repeat (a message sent again after an error cut the answer): the section
    // is the one holding each block's texts, not merely the next with that header.
    const mine = (text: string) =>
      text.split('\n')[0]!.trim() === entry.header &&
      text.includes('SEARCH') &&
      entry.blocks.every((b) => text.includes(b.search) && text.includes(b.replace));
    let found = at;
    while (found < sections.length && !mine(sections[found]!)) found++;
    const section = sections[found];
    if (section === undefined) continue;
    at = found + 1;
    const built = expected(entry.blocks);
    if (!built) continue;
    const answer = section.split('\n').slice(1).join('\n');
    cases.push({
      source: 'aider',
      variant: 'aider-chat-history',
      name: `aider section ${at} ${entry.header.slice(0, 50)}`,
      files: built.files,
      answer,
      expect: built.expect,
      mustFail: !built.certain,
    });
  }
  return cases;
}
