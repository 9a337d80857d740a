import { describe, expect, it } from 'vitest';
import { PromptBytes, bytesOf } from './prompt-bytes';

describe('PromptBytes', () => {
  it('holds the UTF-8 bytes of the texts joined, across chunk edges and texts above a chunk', () => {
    const texts = [
      '<files>\n',
      '',
      'Latin-1: é ü ß\n',
      'beyond: 日本語 → 😀\n',
      // Above a chunk (1 MB) on its own, as bytes though not as characters.
      '€'.repeat(400_000),
      // Texts that fill chunks to their last byte, and ones that only fit by their real size.
      ...Array.from({ length: 400 }, (_, i) => `${i}:${'a😀'.repeat(i * 9)}\n`),
      'y'.repeat(349_525),
      'z'.repeat(1_048_576),
      '</files>\n',
    ];
    const sink = new PromptBytes();
    for (const text of texts) sink.write(text);
    const chunks = sink.bytes();
    expect(chunks.length).toBeGreaterThan(3);
    expect(chunks.every((chunk) => chunk.length > 0)).toBe(true);
    expect(Buffer.concat(chunks).equals(Buffer.from(texts.join(''), 'utf8'))).toBe(true);
    expect(Buffer.concat(bytesOf(texts)).toString('utf8')).toBe(texts.join(''));
  });

  it('keeps writing after its bytes were taken', () => {
    const sink = new PromptBytes();
    sink.write('a');
    const first = Buffer.concat(sink.bytes()).toString();
    sink.write('b');
    expect([first, Buffer.concat(sink.bytes()).toString()]).toEqual(['a', 'ab']);
  });
});
