import { describe, expect, it } from 'vitest';
import { parseAnswer } from '../apply';
import { generatePrompt } from './assemble';
import { type PromptInput } from './prompt-types';
import { ANSWER_FORMAT_MODES, answerFormatText, type AnswerFormatMode } from './answer-format';
import { PROMPT_FORMATS } from './formats';

const input = (answerFormat?: AnswerFormatMode): PromptInput => ({
  mode: 'STANDALONE',
  project: null,
  items: [
    { type: 'STATIC', content: 'You are a reviewer.', isActive: true },
    { type: 'ANSWER_FORMAT', content: 'stored text, never written', isActive: true, answerFormat },
  ],
  finalRequest: '',
  selectedFiles: [],
});

describe('the ANSWER_FORMAT block', () => {
  it('is written in every format, standalone too, in the blocks’ language', async () => {
    const sections = await generatePrompt({ ...input('whole-files'), format: 'sections' });
    expect(sections.prompt).toContain('You are a reviewer.');
    expect(sections.prompt).toContain(answerFormatText('whole-files', 'plain', 'en'));
    expect(sections.prompt).not.toContain('stored text');

    const xml = await generatePrompt({ ...input('unified-diff'), format: 'xml', language: 'fr' });
    expect(xml.prompt).toContain(
      `<answer_format>\n${answerFormatText('unified-diff', 'xml', 'fr')}\n</answer_format>`,
    );

    const markdown = await generatePrompt({ ...input('search-replace'), format: 'markdown' });
    expect(markdown.prompt).toContain(
      `## Answer format\n\n${answerFormatText('search-replace', 'markdown', 'en')}`,
    );
    const french = await generatePrompt({ ...input(), format: 'markdown', language: 'fr' });
    expect(french.prompt).toContain('## Format de la réponse\n\n');
  });

  it('asks for search/replace blocks when the instance has no mode', async () => {
    const { prompt } = await generatePrompt({ ...input(), format: 'plain' });
    expect(prompt).toContain('<<<<<<< SEARCH');
    expect(prompt).toContain('>>>>>>> REPLACE');
  });

  it('shows a whole file the way the prompt around it shows files', () => {
    expect(answerFormatText('whole-files', 'xml', 'en')).toContain('<file path="src/example.ts">');
    expect(answerFormatText('whole-files', 'markdown', 'en')).toContain(
      '### src/example.ts\n\n```ts\n',
    );
    expect(answerFormatText('whole-files', 'plain', 'en')).toContain(
      'File: src/example.ts\n```ts\n',
    );
  });

  it('shows examples that the apply parser reads as the edit they describe', () => {
    const kind = {
      'whole-files': 'whole-file',
      'search-replace': 'search-replace',
      'unified-diff': 'unified-diff',
    } as const;
    for (const mode of ANSWER_FORMAT_MODES) {
      for (const style of ['xml', 'markdown', 'plain'] as const) {
        for (const language of ['en', 'fr'] as const) {
          const parsed = parseAnswer(answerFormatText(mode, style, language));
          expect(parsed.problems, `${mode} ${style} ${language}`).toEqual([]);
          expect(
            parsed.edits.map((edit) => [edit.kind, edit.path]),
            `${mode} ${style} ${language}`,
          ).toEqual([[kind[mode], 'src/example.ts']]);
        }
      }
    }
  });

  it('has a text for every mode, format and language, each different', async () => {
    const texts = new Set<string>();
    for (const mode of ANSWER_FORMAT_MODES) {
      for (const format of PROMPT_FORMATS) {
        for (const language of ['en', 'fr'] as const) {
          const { prompt } = await generatePrompt({ ...input(mode), format, language });
          expect(prompt.length).toBeGreaterThan(200);
          texts.add(`${format}|${prompt}`);
        }
      }
    }
    expect(texts.size).toBe(ANSWER_FORMAT_MODES.length * PROMPT_FORMATS.length * 2);
  });

  it('writes French with the straight apostrophe, as the French locale does', () => {
    // docs/decisions/198: one apostrophe for every French string the user sees.
    const french = ANSWER_FORMAT_MODES.flatMap((mode) =>
      (['xml', 'markdown', 'plain'] as const).map((style) => answerFormatText(mode, style, 'fr')),
    );
    expect(french.filter((text) => text.includes('’'))).toEqual([]);
  });
});
