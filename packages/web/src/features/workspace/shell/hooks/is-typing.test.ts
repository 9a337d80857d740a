import { describe, expect, it } from 'vitest';
import { isTyping } from './use-workspace-shortcuts';

describe('isTyping', () => {
  it('takes text fields and editable content for typing, other targets not', () => {
    const field = (tag: string, type?: string) => {
      const element = document.createElement(tag);
      if (type) element.setAttribute('type', type);
      return element;
    };
    const editable = document.createElement('div');
    editable.contentEditable = 'true';
    document.body.append(editable);

    expect(isTyping(field('textarea'))).toBe(true);
    expect(isTyping(field('select'))).toBe(true);
    expect(isTyping(field('input', 'search'))).toBe(true);
    expect(isTyping(editable)).toBe(true);
    expect(isTyping(field('input', 'checkbox'))).toBe(false);
    expect(isTyping(field('button'))).toBe(false);
    expect(isTyping(field('div'))).toBe(false);
    expect(isTyping(window)).toBe(false);
    editable.remove();
  });
});
