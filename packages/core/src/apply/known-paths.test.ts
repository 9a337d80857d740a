import { describe, expect, it } from 'vitest';
import { parseAnswer } from '.';
import { fence } from './test-answers';

const FOLDER = new Set(['deploy', 'docs/read me.md', 'tools/Run Me']);
const knownPath = (path: string) => FOLDER.has(path);
const paths = (answer: string, withFolder: boolean) =>
  parseAnswer(answer, withFolder ? { knownPath } : {}).edits.map((edit) => [edit.kind, edit.path]);

const sr = `<<<<<<< SEARCH\nold\n=======\nnew\n>>>>>>> REPLACE\n`;

describe('parseAnswer: a line naming a file that exists in the folder is its path', () => {
  it.each([
    ['a bold name without an extension, a blank line above the fence', '**deploy**\n\n'],
    ['a heading naming it', '### deploy\n'],
    ['a path with spaces, undelimited', 'docs/read me.md\n'],
    ['a path with spaces after a label-less colon', 'tools/Run Me:\n'],
  ])('%s', (_, above) => {
    const answer = `Change it:\n\n${above}${fence}\nnew text\n${fence}\n`;
    const expected = above.includes('deploy')
      ? 'deploy'
      : above.includes('read me')
        ? 'docs/read me.md'
        : 'tools/Run Me';
    expect(paths(answer, true)).toEqual([['whole-file', expected]]);
    // Without the folder, such a line is prose: nothing is read from the block.
    expect(paths(answer, false)).toEqual([]);
  });

  it('names the file of a search/replace block and of a fence’s info string', () => {
    const answer = `deploy\n\n${fence}\n${sr}${fence}\n\n${fence}sh tools/Run Me\n#!/bin/sh\n${fence}\n`;
    expect(paths(answer, true)).toEqual([
      ['search-replace', 'deploy'],
      ['whole-file', 'tools/Run Me'],
    ]);
    expect(parseAnswer(answer).problems.map((p) => p.code)).toEqual(['NO_PATH']);
  });

  it('asks about paths in their normal form, and takes no name the folder lacks', () => {
    const asked: string[] = [];
    const answer = `**./deploy**\n\n${fence}\nx\n${fence}\n\n**release**\n\n${fence}\ny\n${fence}\n`;
    const parsed = parseAnswer(answer, {
      knownPath: (path) => (asked.push(path), FOLDER.has(path)),
    });
    expect(parsed.edits.map((edit) => edit.path)).toEqual(['./deploy']);
    expect(asked).toEqual(['deploy', 'release']);
  });
});
