import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FilePath } from './file-path';

afterEach(cleanup);

/** The drawn parts: their text and how each gives way when the line is too short. */
const drawn = (root: HTMLElement) =>
  Array.from(root.querySelectorAll<HTMLElement>('[data-text]')).map((part) => [
    part.dataset.text,
    part.className.split(' ').filter((name) => /truncate|shrink/.test(name)),
  ]);

describe('FilePath', () => {
  it('gives up its folders before its file name, and keeps the extension', () => {
    const { container } = render(<FilePath path="src/a/very/deep/handlers.test.ts" />);
    const root = container.firstElementChild as HTMLElement;
    // Left to right: a cut folder part ends in its ellipsis, before the file name.
    expect(root.dir).toBe('');
    expect(drawn(root)).toEqual([
      ['src/a/very/deep/', ['shrink-[1000000]', 'truncate']],
      ['handlers.test', ['truncate']],
      ['.ts', ['shrink-0']],
    ]);
    expect(root.title).toBe('src/a/very/deep/handlers.test.ts');
  });

  it('reads as the whole path, once, in a control’s name', () => {
    const { container } = render(
      <button type="button">
        <FilePath path="src/a/handlers.ts" />
      </button>,
    );
    expect(screen.getByRole('button').textContent).toBe('src/a/handlers.ts');
    expect(screen.getByRole('button', { name: 'src/a/handlers.ts' })).toBeTruthy();
    for (const part of container.querySelectorAll('[data-text]')) {
      expect(part.getAttribute('aria-hidden')).toBe('true');
    }
  });

  it('draws a file at the root, a dotfile and a name without extension as one name', () => {
    for (const path of ['README', '.gitignore', 'Makefile.']) {
      const { container } = render(<FilePath path={path} />);
      expect(drawn(container.firstElementChild as HTMLElement).map(([text]) => text)).toEqual([
        path,
      ]);
      cleanup();
    }
  });

  it('keeps the destination file name of a rename', () => {
    const { container } = render(<FilePath path="old/a.ts → new/place/b.ts" />);
    expect(drawn(container.firstElementChild as HTMLElement).map(([text]) => text)).toEqual([
      'old/a.ts → new/place/',
      'b',
      '.ts',
    ]);
  });
});
