import type { ClosestLines, ClosestWord } from './types';

/**
 * A closest region's word diff as text, the way `git diff --word-diff` marks it: `[-…-]`
 * what the block has and the file does not, `{+…+}` what the file has instead. `paint`
 * lets a terminal colour the marked runs. At most `maxLines` lines, then "…".
 */
export function markedWords(
  words: readonly ClosestWord[],
  maxLines = Infinity,
  paint: (kind: ClosestWord['kind'], text: string) => string = (kind, text) =>
    kind === 'expected' ? `[-${text}-]` : kind === 'found' ? `{+${text}+}` : text,
): string {
  const lines = words
    .map((word) =>
      word.kind === 'same'
        ? word.text
        : // A run across lines is marked on each line, so every line reads on its own.
          word.text
            .split('\n')
            .map((part) => (part === '' ? '' : paint(word.kind, part)))
            .join('\n'),
    )
    .join('')
    .split('\n');
  return lines.length > maxLines ? [...lines.slice(0, maxLines), '…'].join('\n') : lines.join('\n');
}

/** "lines 12–14 (85 % alike)", "line 4 (95 % alike)" */
export const closestRange = (closest: ClosestLines) =>
  `${closest.startLine === closest.endLine ? `line ${closest.startLine}` : `lines ${closest.startLine}–${closest.endLine}`} (${Math.round(closest.similarity * 100)} % alike)`;
