import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { SuggestReasonMessage } from '../../../../workers/suggest-index-protocol';

/** A reason in the user's language; a kind this build does not know reads as a plain match. */
function reasonText(t: TFunction, reason: SuggestReasonMessage): string {
  const name = String(reason.name ?? reason.word ?? '');
  switch (reason.kind) {
    case 'defines':
      return t('suggest.reason.defines', { name });
    case 'path':
      return t('suggest.reason.path', { word: name });
    case 'mentioned':
      return t('suggest.reason.mentioned');
    case 'imported-by-top':
      return t('suggest.reason.importedByTop');
    case 'changed':
      return t('suggest.reason.changed');
    default:
      return t('suggest.reason.text');
  }
}

/** Why a file is suggested, as short phrases. */
export function ReasonList({ reasons }: { reasons: readonly SuggestReasonMessage[] }) {
  const { t } = useTranslation();
  if (reasons.length === 0) return null;
  return (
    <ul className="mt-0.5 flex flex-wrap gap-x-2 text-xs text-slate-600">
      {reasons.map((reason, i) => (
        <li key={i}>{reasonText(t, reason)}</li>
      ))}
    </ul>
  );
}
