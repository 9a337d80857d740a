import { describe, expect, it } from 'vitest';
import { generatePrompt } from './assemble';
import { type PromptItem } from './prompt-types';
import { formatPromptDate } from './prompt-date';

const AT = new Date('2026-11-28T05:30:10.549Z');
const INFO: PromptItem = { type: 'PROJECT_INFO', content: '', isActive: true };

async function promptIn(language: 'en' | 'fr'): Promise<string> {
  const { prompt } = await generatePrompt({
    mode: 'STANDALONE',
    project: null,
    items: [INFO],
    finalRequest: '',
    selectedFiles: [],
    date: AT,
    timeZone: 'UTC',
    language,
  });
  return prompt;
}

describe('the prompt date', () => {
  it("is the locale's long date and short time, to the minute", () => {
    expect(formatPromptDate(AT, 'en', 'UTC')).toBe('November 28, 2026 at 5:30 AM');
    expect(formatPromptDate(AT, 'fr', 'UTC')).toBe('28 novembre 2026 à 05:30');
    // Seconds apart, the same text: a count made just before generating reads the same.
    expect(formatPromptDate(new Date('2026-11-28T05:30:59.999Z'), 'en', 'UTC')).toBe(
      formatPromptDate(AT, 'en', 'UTC'),
    );
  });

  it('uses plain spaces only, whatever the locale data puts before AM', () => {
    expect(formatPromptDate(AT, 'en', 'UTC')).not.toMatch(/[\u00a0\u202f]/);
    expect(formatPromptDate(AT, 'fr', 'UTC')).not.toMatch(/[\u00a0\u202f]/);
  });

  it('follows the time zone it is given', () => {
    expect(formatPromptDate(AT, 'fr', 'Europe/Paris')).toBe('28 novembre 2026 à 06:30');
  });

  it("PROJECT_INFO writes it in the prompt's language, never as ISO", async () => {
    const english = await promptIn('en');
    expect(english).toContain('Date: November 28, 2026 at 5:30 AM');
    expect(english).not.toContain('2026-11-28T');
    expect(await promptIn('fr')).toContain('Date: 28 novembre 2026 à 05:30');
  });
});
