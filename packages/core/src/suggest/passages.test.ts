import { describe, expect, it } from 'vitest';
import { PASSAGE_FIXTURE, SUGGEST_FIXTURE } from './fixture';
import { indexFile } from './index-file';
import { PASSAGE_LINES } from './passages';
import { buildProjectIndex } from './project-index';
import { DEFAULT_WEIGHTS, rankFiles } from './rank';
import { parseRequest } from './request';

const index = buildProjectIndex(
  Object.entries({ ...SUGGEST_FIXTURE, ...PASSAGE_FIXTURE.files }).map(([path, text]) =>
    indexFile({ path, text }),
  ),
);
const paths = (weights = DEFAULT_WEIGHTS) =>
  rankFiles(PASSAGE_FIXTURE.request, index, { weights }).map((file) => file.path);

describe('the passage signal', () => {
  it('finds the long file where one function matches a report, and not without it', () => {
    expect(parseRequest(PASSAGE_FIXTURE.request).terms.size).toBeGreaterThan(40);
    const ranked = paths();
    expect(ranked.indexOf(PASSAGE_FIXTURE.answer), ranked.join('\n')).toBe(0);
    const without = paths({ ...DEFAULT_WEIGHTS, passage: 0 });
    expect(without.indexOf(PASSAGE_FIXTURE.other), without.join('\n')).toBe(0);
  });
  it('says which lines match', () => {
    const [top] = rankFiles(PASSAGE_FIXTURE.request, index);
    expect(top!.reasons).toContainEqual(
      expect.objectContaining({ kind: 'passage', from: 2 * PASSAGE_LINES + 1 }),
    );
  });
});
