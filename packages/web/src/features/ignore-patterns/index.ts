/**
 * The ignore-patterns feature's public surface: its settings page and the user's settings.
 *
 * `useSettings()` gives every feature the user's settings: `coreSystemIgnorePatterns` and
 * `globalIgnorePatterns` (gitignore lines, `# Name` lines start categories) and
 * `systemAuthorId`. The query is keyed per user and refreshed by this page's save.
 */
export { useSettings } from './api';
export { IgnorePatternsPage } from './components/ignore-patterns-page';
