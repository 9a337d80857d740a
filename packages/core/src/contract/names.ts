import type { z } from 'zod';
import { coded } from './errors';
import { text } from './text';

/**
 * Characters that change how a name reads without showing themselves (decision 054): control
 * characters and line separators, format characters (bidirectional controls such as U+202E,
 * zero-width spaces and joiners, the BOM, soft hyphens) and the rest of Unicode's default
 * ignorable code points (fillers, variation selectors, tags).
 */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/u;

/**
 * The places where one of those characters is part of how a script or an emoji is written;
 * they are taken out before the check, so only stray ones are refused.
 */
const LEGITIMATE: readonly RegExp[] = [
  // Subdivision flags: black flag, tag letters, cancel tag (🏴 + "gbsct" + end).
  /\u{1F3F4}[\u{E0020}-\u{E007E}]+\u{E007F}/gu,
  // Text or emoji presentation of a pictograph, and keycaps (1️⃣).
  /(?<=\p{Extended_Pictographic})[\uFE0E\uFE0F]/gu,
  /(?<=[#*0-9])\uFE0F(?=\u20E3)/gu,
  // Joined emoji (👩‍💻), after an optional presentation selector or skin tone.
  /(?<=\p{Extended_Pictographic}(?:\uFE0F|\p{Emoji_Modifier})?)\u200D(?=\p{Extended_Pictographic})/gu,
  // Joiners inside a word of a script that shapes with them (Persian, Indic scripts…); never
  // between Latin, Greek or Cyrillic letters, where they only hide a difference.
  /(?<=[\p{L}\p{M}])(?<![\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Common}\p{Script=Inherited}])[\u200C\u200D](?=[\p{L}\p{M}])/gu,
  // Mongolian variant selectors, and ideographic variants of a Han character.
  /(?<=\p{Script=Mongolian})[\u180B-\u180D\u180F]/gu,
  /(?<=\p{Ideographic})[\u{E0100}-\u{E01EF}]/gu,
];

/** Whether a name holds a character that hides itself or reorders the text around it. */
export function hasHiddenCharacter(name: string): boolean {
  const rest = LEGITIMATE.reduce((value, allowed) => value.replace(allowed, ''), name);
  return HIDDEN.test(rest);
}

/** The refinement every name goes through (blocks, compositions, tags, access tokens). */
function cleanName(value: string, ctx: z.RefinementCtx): void {
  if (hasHiddenCharacter(value)) {
    ctx.addIssue({ code: 'custom', message: coded('NAME_HIDDEN_CHARACTER').error });
  }
}

/** `text(params)` that also refuses hidden characters. */
export const nameText = (params?: Parameters<typeof z.string>[0]) =>
  text(params).superRefine(cleanName);

/** The name of the library's curated author: no user may go by it (decision 093). */
export const CURATED_AUTHOR_NAME = 'Promptloom';

const HIDDEN_ONE = new RegExp(HIDDEN.source, 'u');

/**
 * The name without the hidden characters `hasHiddenCharacter` refuses (those that are part
 * of how a script or an emoji is written stay): what a provider's profile name becomes,
 * since a sign-in is not refused for the name another service let its user choose.
 */
export function withoutHiddenCharacters(name: string): string {
  const kept = new Set<number>();
  for (const allowed of LEGITIMATE) {
    for (const match of name.matchAll(allowed)) {
      for (let i = match.index; i < match.index + match[0].length; i++) kept.add(i);
    }
  }
  let clean = '';
  for (let i = 0; i < name.length;) {
    const char = String.fromCodePoint(name.codePointAt(i)!);
    if (kept.has(i) || !HIDDEN_ONE.test(char)) clean += char;
    i += char.length;
  }
  return clean;
}

/**
 * Whether a display name reads as the curated author's: compared on letters and digits only,
 * after compatibility normalisation and case folding ("PROMPT loom", "Ｐromptloom").
 */
export function isReservedDisplayName(name: string): boolean {
  const letters = (value: string) =>
    value
      .normalize('NFKC')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]/gu, '');
  return letters(name) === letters(CURATED_AUTHOR_NAME);
}

/** The display name rule (decision 093): a name's hidden-character rule, and not reserved. */
export const displayNameText = (params?: Parameters<typeof z.string>[0]) =>
  nameText(params).superRefine((value, ctx) => {
    if (isReservedDisplayName(value)) {
      ctx.addIssue({ code: 'custom', message: coded('DISPLAY_NAME_RESERVED').error });
    }
  });
