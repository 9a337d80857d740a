import { useSyncExternalStore } from 'react';

/**
 * The colour theme (docs/decisions/033): 'system' follows prefers-color-scheme, the others
 * pin it. The choice is kept in local storage; public/theme-init.js applies it before the
 * first paint with the same key and class, this module keeps it applied afterwards.
 */
export const THEME_PREFERENCES = ['system', 'light', 'dark'] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];

export const THEME_STORAGE_KEY = 'promptloom.theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

const listeners = new Set<() => void>();

function isPreference(value: unknown): value is ThemePreference {
  return (THEME_PREFERENCES as readonly unknown[]).includes(value);
}

export function readThemePreference(): ThemePreference {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return isPreference(stored) ? stored : 'system';
  } catch {
    return 'system';
  }
}

function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
}

/** Puts the `dark` class on <html> when the preference (or the system, for 'system') says so. */
export function applyTheme(preference: ThemePreference = readThemePreference()): void {
  const dark = preference === 'dark' || (preference === 'system' && systemPrefersDark());
  document.documentElement.classList.toggle('dark', dark);
}

export function setThemePreference(preference: ThemePreference): void {
  try {
    if (preference === 'system') localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, preference);
  } catch {
    // Without storage the choice lasts until the page is reloaded.
  }
  current = preference;
  applyTheme(preference);
  listeners.forEach((listener) => listener());
}

let current: ThemePreference | null = null;

/** The stored preference, re-rendering when it changes (here or in another tab). */
export function useThemePreference(): ThemePreference {
  return useSyncExternalStore(
    (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    () => (current ??= readThemePreference()),
    () => 'system',
  );
}

/**
 * Follows the system while the preference is 'system', and choices made in other tabs.
 * Returns a function that stops following.
 */
export function followThemeChanges(): () => void {
  const media = typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null;
  const onSystemChange = () => applyTheme(current ?? readThemePreference());
  const onStorage = (event: StorageEvent) => {
    if (event.key !== THEME_STORAGE_KEY && event.key !== null) return;
    current = readThemePreference();
    applyTheme(current);
    listeners.forEach((listener) => listener());
  };
  media?.addEventListener('change', onSystemChange);
  window.addEventListener('storage', onStorage);
  applyTheme();
  return () => {
    media?.removeEventListener('change', onSystemChange);
    window.removeEventListener('storage', onStorage);
  };
}
