import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { SuggestReason } from '@promptloom/core';

/** A reason in the user's language (core's `message` is the CLI's English). */
function reasonText(t: TFunction, reason: SuggestReason): string {
  switch (reason.kind) {
    case 'defines':
      return t('suggest.reason.defines', { name: reason.name });
    case 'package':
      return t('suggest.reason.package', { name: reason.name });
    case 'path':
      return t('suggest.reason.path', { word: reason.word });
    case 'mentioned':
      return reason.line === undefined
        ? t('suggest.reason.mentioned')
        : t('suggest.reason.mentionedAt', { line: reason.line });
    case 'text':
      return t('suggest.reason.text', { words: reason.words.join(', ') });
    case 'passage':
      return t('suggest.reason.passage', { from: reason.from, to: reason.to });
    case 'imported-by-top':
      return t('suggest.reason.importedByTop', { path: reason.from });
    case 'imports-top':
      return t('suggest.reason.importsTop', { path: reason.to });
    case 'related':
      return t('suggest.reason.related');
    case 'changed':
      return t('suggest.reason.changed');
    case 'recent':
      return t('suggest.reason.recent');
    case 'past-change':
      return t('suggest.reason.pastChange');
    case 'linked-change':
      return t('suggest.reason.linkedChange', { ref: reason.ref });
    case 'flag':
      if (reason.defines) return t('suggest.reason.flagDefines', { flag: reason.flag });
      if (reason.folder !== undefined)
        return t('suggest.reason.flagFolder', { flag: reason.flag, folder: reason.folder });
      return reason.uses === undefined
        ? t('suggest.reason.flagReads', { flag: reason.flag })
        : t('suggest.reason.flagUses', { flag: reason.flag, name: reason.uses });
  }
}

/**
 * Why a file is suggested, as short phrases. A dot stands between two on a line: side by side
 * with a space only, "path matches “math” text uses subtract" reads as one sentence. The dot
 * is drawn, not read: a screen reader already counts the list's items.
 */
export function ReasonList({ reasons }: { reasons: readonly SuggestReason[] }) {
  const { t } = useTranslation();
  if (reasons.length === 0) return null;
  return (
    <ul className="mt-0.5 flex flex-wrap gap-x-1.5 text-xs text-slate-600">
      {reasons.map((reason, i) => (
        <li key={i} className="flex gap-x-1.5">
          {i > 0 && (
            <span aria-hidden className="text-slate-400">
              ·
            </span>
          )}
          {reasonText(t, reason)}
        </li>
      ))}
    </ul>
  );
}
