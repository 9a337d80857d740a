import { describe, expect, it } from 'vitest';
import { parseAnswer, planApply, spellAsFolder, spellingAmong } from '.';
import type { FileText } from './types';

const NFD = 'src/cafe\u0301.txt';
const NFC = 'src/caf\u00e9.txt';

function plan(answer: string, files: Record<string, string>) {
  const parsed = spellAsFolder(parseAnswer(answer), spellingAmong(Object.keys(files)));
  const texts = new Map<string, FileText | null>(
    Object.entries(files).map(([path, text]) => [path, { text }]),
  );
  return planApply(parsed, texts);
}

const searchReplace = (path: string) =>
  `${path}\n\`\`\`\n<<<<<<< SEARCH\ncroissant\n=======\npain\n>>>>>>> REPLACE\n\`\`\`\n`;

describe('paths the folder spells in another Unicode form', () => {
  it('edits the decomposed file an answer names composed', () => {
    const { files } = plan(searchReplace(NFC), { [NFD]: 'croissant\n' });
    expect(files).toMatchObject([{ path: NFD, status: 'modified', after: 'pain\n' }]);
  });

  it('rewrites that file rather than creating a second one that looks the same', () => {
    const { files } = plan(`### ${NFC}\n\n\`\`\`\npain\n\`\`\`\n`, { [NFD]: 'croissant\n' });
    expect(files).toMatchObject([{ path: NFD, status: 'modified' }]);
  });

  it('respells both sides of a diff, and leaves a path the folder has as written', () => {
    const answer = [
      '```diff',
      `--- a/${NFC}`,
      `+++ b/${NFC}`,
      '@@ -1 +1 @@',
      '-croissant',
      '+pain',
      '```',
      '',
      searchReplace('src/other.txt'),
    ].join('\n');
    const { files } = plan(answer, { [NFD]: 'croissant\n', 'src/other.txt': 'croissant\n' });
    expect(files.map((f) => [f.path, f.status])).toEqual([
      [NFD, 'modified'],
      ['src/other.txt', 'modified'],
    ]);
  });

  it('guesses nothing when two files share the form, or when the folder has the name as written', () => {
    const both = spellingAmong([NFD, NFC]);
    expect(both(NFC)).toBeUndefined();
    expect(spellingAmong([NFD, 'src/x'])('src/caf\u00e9.txt')).toBe(NFD);
    expect(spellingAmong([NFD, 'src/a.txt'])('src/a.txt')).toBeUndefined();
  });
});
