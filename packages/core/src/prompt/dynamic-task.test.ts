import { describe, expect, it } from 'vitest';
import { parseDynamicTaskContent, serializeDynamicTaskContent } from './dynamic-task';

describe('dynamic task content', () => {
  it('round-trips prefix and suffix through JSON', () => {
    const content = serializeDynamicTaskContent({ prefix: 'Do "this":\n', suffix: 'Thanks' });
    expect(JSON.parse(content)).toEqual({ prefix: 'Do "this":\n', suffix: 'Thanks' });
    expect(parseDynamicTaskContent(content)).toEqual({ prefix: 'Do "this":\n', suffix: 'Thanks' });
  });

  it('reads blank or missing content as empty parts', () => {
    expect(parseDynamicTaskContent('')).toEqual({ prefix: '', suffix: '' });
    expect(parseDynamicTaskContent('   ')).toEqual({ prefix: '', suffix: '' });
    expect(parseDynamicTaskContent(null)).toEqual({ prefix: '', suffix: '' });
    expect(parseDynamicTaskContent(undefined)).toEqual({ prefix: '', suffix: '' });
  });

  it('keeps text that is not the JSON object whole as the prefix', () => {
    expect(parseDynamicTaskContent('Please implement:')).toEqual({
      prefix: 'Please implement:',
      suffix: '',
    });
    expect(parseDynamicTaskContent('{broken')).toEqual({ prefix: '{broken', suffix: '' });
    expect(parseDynamicTaskContent('[1,2]')).toEqual({ prefix: '[1,2]', suffix: '' });
    expect(parseDynamicTaskContent('42')).toEqual({ prefix: '42', suffix: '' });
  });

  it('treats missing or non-string parts as empty', () => {
    expect(parseDynamicTaskContent('{"prefix":"A"}')).toEqual({ prefix: 'A', suffix: '' });
    expect(parseDynamicTaskContent('{"prefix":1,"suffix":"B"}')).toEqual({
      prefix: '',
      suffix: 'B',
    });
  });
});
