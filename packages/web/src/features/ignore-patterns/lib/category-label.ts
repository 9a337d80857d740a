import { CUSTOM_IGNORE_CATEGORY } from '@promptloom/core';
import { i18n } from '../../../lib/i18n';

/**
 * The core list's category headings ('# Version control' in packages/core) are English data;
 * the page shows them in the UI language (docs/decisions/032). Unknown names show as written.
 */
const CORE_CATEGORY_KEYS = {
  'Version control': 'versionControl',
  Dependencies: 'dependencies',
  'Lock files': 'lockFiles',
  'Build output and caches': 'buildOutput',
  'OS files': 'osFiles',
  Secrets: 'secrets',
  'Compiled binaries': 'compiledBinaries',
  Archives: 'archives',
  Images: 'images',
  'Audio and video': 'audioVideo',
  Fonts: 'fonts',
  'Documents and databases': 'documents',
} as const;

export function ignoreCategoryLabel(category: string): string {
  if (category === CUSTOM_IGNORE_CATEGORY) return i18n.t('ignorePatterns.customCategory');
  if (Object.hasOwn(CORE_CATEGORY_KEYS, category)) {
    const key = CORE_CATEGORY_KEYS[category as keyof typeof CORE_CATEGORY_KEYS];
    return i18n.t(`ignorePatterns.coreCategories.${key}`);
  }
  return category;
}
