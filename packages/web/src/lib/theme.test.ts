import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyTheme, readThemePreference, setThemePreference, THEME_STORAGE_KEY } from './theme';

function mockSystem(dark: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: dark && query === '(prefers-color-scheme: dark)',
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList,
  );
}

const isDark = () => document.documentElement.classList.contains('dark');

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  document.documentElement.classList.remove('dark');
});

describe('theme', () => {
  it('follows the system preference until a theme is chosen', () => {
    mockSystem(true);
    expect(readThemePreference()).toBe('system');
    applyTheme();
    expect(isDark()).toBe(true);

    setThemePreference('light');
    expect(isDark()).toBe(false);
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
  });

  it('pins dark on a light system and forgets the choice on "system"', () => {
    mockSystem(false);
    setThemePreference('dark');
    expect(isDark()).toBe(true);
    expect(readThemePreference()).toBe('dark');

    setThemePreference('system');
    expect(isDark()).toBe(false);
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
  });

  it('ignores an unknown stored value', () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'sepia');
    expect(readThemePreference()).toBe('system');
  });

  it('shares its storage key with the pre-paint script of index.html', () => {
    const script = readFileSync(path.resolve(import.meta.dirname, '../../public/theme-init.js'));
    expect(script.toString()).toContain(`'${THEME_STORAGE_KEY}'`);
    const html = readFileSync(path.resolve(import.meta.dirname, '../../index.html')).toString();
    expect(html.indexOf('/theme-init.js')).toBeLessThan(html.indexOf('/src/main.tsx'));
  });
});
