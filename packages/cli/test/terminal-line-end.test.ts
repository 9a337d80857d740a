import { describe, expect, it } from 'vitest';
import { lineEndAfterPrompt } from '../src/lib/output';

const last = (text: string) => Buffer.from(text).at(-1);

describe('the line end after a prompt on stdout', () => {
  it('ends the prompt’s last line on a terminal, so the summary starts its own', () => {
    expect(lineEndAfterPrompt(true, last('Make greet say Hi'))).toBe('\n');
  });

  it('adds nothing to a prompt that ends a line, to an empty one, or to a pipe', () => {
    expect(lineEndAfterPrompt(true, last('done\n'))).toBe('');
    expect(lineEndAfterPrompt(true, undefined)).toBe('');
    expect(lineEndAfterPrompt(false, last('Make greet say Hi'))).toBe('');
  });
});
