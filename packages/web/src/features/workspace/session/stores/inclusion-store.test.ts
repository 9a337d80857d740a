import { describe, expect, it } from 'vitest';
import { modesOf, type ProjectModes } from './inclusion-store';

const paths = ['src/a.ts', 'src/lib/b.ts', 'docs/c.md'];

describe('modesOf', () => {
  it('applies a file’s own mode over its folder’s, and leaves full files out', () => {
    const modes: ProjectModes = {
      files: { 'src/lib/b.ts': 'full', 'docs/c.md': 'path' },
      folders: { src: 'outline' },
    };
    expect([...modesOf(modes, paths)]).toEqual([
      ['src/a.ts', 'outline'],
      ['docs/c.md', 'path'],
    ]);
  });

  it('gives an empty map when no mode was chosen', () => {
    expect(modesOf({ files: {}, folders: {} }, paths).size).toBe(0);
  });

  it('answers the same selection from its last answer, and a new selection anew', () => {
    const modes: ProjectModes = { files: {}, folders: { '': 'path' } };
    const first = modesOf(modes, paths);
    expect(modesOf(modes, paths)).toBe(first);
    const fewer = paths.slice(1);
    expect([...modesOf(modes, fewer).keys()]).toEqual(fewer);
    const changed: ProjectModes = { ...modes, files: { 'src/a.ts': 'outline' } };
    expect(modesOf(changed, fewer).get('src/a.ts')).toBeUndefined();
    expect(modesOf(changed, paths).get('src/a.ts')).toBe('outline');
  });
});
