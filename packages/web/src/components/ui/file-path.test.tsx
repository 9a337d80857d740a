import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FilePath } from './file-path';

afterEach(cleanup);

describe('FilePath', () => {
  it('truncates from the start, keeping the path in order, and reads as the whole path', () => {
    const { container } = render(<FilePath path="src/a/very/deep/.handlers.ts" />);
    const root = container.firstElementChild as HTMLElement;
    // The ellipsis of a right-to-left box is on its left: the file's name stays in view.
    expect(root.dir).toBe('rtl');
    expect(root.className).toContain('truncate');
    // The path is isolated left to right: its leading dot or slash does not move.
    expect(root.firstElementChild?.tagName).toBe('BDI');
    expect(root.textContent).toBe('src/a/very/deep/.handlers.ts');
    expect(root.title).toBe('src/a/very/deep/.handlers.ts');
  });
});
