import {
  DEFAULT_CATEGORY,
  isSystemBlockTextType,
  SYSTEM_BLOCK_TEXTS,
  type Block,
} from '@promptloom/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../lib/i18n';

type DefaultCategoryKey = keyof typeof DEFAULT_CATEGORY;
const DEFAULT_CATEGORY_KEYS = Object.keys(DEFAULT_CATEGORY) as DefaultCategoryKey[];

/**
 * A block's name in the UI language (docs/decisions/032): a system type still under its stored
 * default name ('Structure du projet', 'Dynamic User Task') shows that type's translated name;
 * any other name is the user's and is shown as stored.
 */
export function blockDisplayName(block: Pick<Block, 'type' | 'name'>): string {
  const { type, name } = block;
  if (isSystemBlockTextType(type) && name === SYSTEM_BLOCK_TEXTS[type].name) {
    return i18n.t(`blocks.systemTexts.${type}.name`);
  }
  return name;
}

/** A system block's description in the UI language while it holds its stored default. */
export function blockDisplayDescription(block: Pick<Block, 'type' | 'description'>): string | null {
  const { type, description } = block;
  if (isSystemBlockTextType(type) && description === SYSTEM_BLOCK_TEXTS[type].description) {
    return i18n.t(`blocks.systemTexts.${type}.description`);
  }
  return description;
}

/** A project block's read-only content in the UI language while it holds its stored default. */
export function blockDisplayContent(block: Pick<Block, 'type' | 'content'>): string {
  const { type, content } = block;
  if (
    type === 'PROJECT_INFO' ||
    type === 'PROJECT_STRUCTURE' ||
    type === 'SELECTED_FILES_CONTENT' ||
    type === 'ANSWER_FORMAT' ||
    type === 'CHANGES_SINCE_LAST_PROMPT'
  ) {
    if (content === SYSTEM_BLOCK_TEXTS[type].content) {
      return i18n.t(`blocks.systemTexts.${type}.content`);
    }
  }
  return content;
}

/** A category in the UI language: the default ones ('Sans catégorie'…) are translated. */
export function categoryDisplayName(category: string): string {
  const key = DEFAULT_CATEGORY_KEYS.find((k) => DEFAULT_CATEGORY[k] === category);
  return key ? i18n.t(`blocks.defaultCategories.${key}`) : category;
}

/** The inverse of categoryDisplayName for a typed category: a default's shown name is stored as the default. */
export function storedCategory(shown: string): string {
  const key = DEFAULT_CATEGORY_KEYS.find((k) => categoryDisplayName(DEFAULT_CATEGORY[k]) === shown);
  return key ? DEFAULT_CATEGORY[key] : shown;
}

/**
 * The display helpers bound to the current UI language: components re-render (and re-read
 * the names) when the language changes.
 */
export function useBlockDisplay() {
  const { i18n: instance } = useTranslation();
  const language = instance.language;
  return useMemo(
    () => ({
      language,
      name: blockDisplayName,
      description: blockDisplayDescription,
      content: blockDisplayContent,
      category: categoryDisplayName,
    }),
    [language],
  );
}
