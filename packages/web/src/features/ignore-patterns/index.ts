/**
 * The ignore-patterns feature's public surface: its settings page and the user's settings.
 *
 * `useSettings()` gives every feature the user's settings: `coreSystemIgnorePatterns` and
 * `globalIgnorePatterns` (gitignore lines, `# Name` lines start categories) and
 * `systemAuthorId` and `defaultCompositionId`. The query is keyed per user and refreshed by
 * the saves (`useSetDefaultComposition` for the composition new projects start with).
 */
export { useSetDefaultComposition, useSettings } from './api';
export { IgnorePatternsPage } from './components/ignore-patterns-page';
