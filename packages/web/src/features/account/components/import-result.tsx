import type { AccountImportResult } from '@promptloom/core';
import { CheckCircle2 } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** What an import did: what came in, and what was left behind and why (decision 060). */
export function ImportResult({ result }: { result: AccountImportResult }) {
  const { t } = useTranslation();
  const titleId = useId();
  const { skipped } = result;
  const lines = [
    t('account.result.blocks', { count: result.blocks.imported }),
    t('account.result.compositions', { count: result.compositions.imported }),
    t('account.result.patterns', { count: result.ignorePatterns.added }),
    result.blocks.alreadyPresent > 0 &&
      t('account.result.alreadyBlocks', { count: result.blocks.alreadyPresent }),
    result.compositions.alreadyPresent > 0 &&
      t('account.result.alreadyCompositions', { count: result.compositions.alreadyPresent }),
    result.blocks.matchedSystem > 0 &&
      t('account.result.system', { count: result.blocks.matchedSystem }),
    result.blocks.subscriptionsDetached > 0 &&
      t('account.result.subscriptions', { count: result.blocks.subscriptionsDetached }),
    result.defaultComposition === 'SET' && t('account.result.defaultSet'),
    result.defaultComposition === 'KEPT' && t('account.result.defaultKept'),
    skipped.sharedItems > 0 && t('account.result.sharedItems', { count: skipped.sharedItems }),
    skipped.likes > 0 && t('account.result.likes', { count: skipped.likes }),
    skipped.accessTokens > 0 && t('account.result.accessTokens', { count: skipped.accessTokens }),
    skipped.privateLinksOpened > 0 &&
      t('account.result.privateLinks', { count: skipped.privateLinksOpened }),
  ].filter((line): line is string => Boolean(line));
  return (
    <div
      role="status"
      aria-labelledby={titleId}
      className="mt-4 rounded-md border border-emerald-200 bg-emerald-50 p-4"
    >
      <p id={titleId} className="flex items-center gap-2 font-medium text-emerald-800">
        <CheckCircle2 className="size-4" aria-hidden />
        {t('account.result.title')}
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-6 text-sm text-emerald-900">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </div>
  );
}
