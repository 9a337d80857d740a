import type { AccessToken, CreatedAccessToken } from '@promptloom/core';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { confirm } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { SignOutEverywhere } from '../../auth';
import { useAccessTokens, useRevokeAccessToken } from '../api';
import { CreateTokenForm } from './create-token-form';
import { NewTokenPanel } from './new-token-panel';

/**
 * /settings/access-tokens: create (shown once), list and revoke tokens for the CLI and MCP;
 * below them, the browser sessions (Sign out everywhere), which end apart from the tokens.
 */
export function AccessTokensPage() {
  const { t, i18n } = useTranslation();
  const tokensQuery = useAccessTokens();
  const tokens = tokensQuery.data;
  const revoke = useRevokeAccessToken();
  const [created, setCreated] = useState<CreatedAccessToken | null>(null);
  // A panel or a row leaving takes the focused button with it: focus goes to the name field.
  const focusName = () => document.getElementById('access-token-name')?.focus();
  const date = (iso: string) =>
    new Date(iso).toLocaleDateString(i18n.language, { dateStyle: 'medium' });

  const onRevoke = async (token: AccessToken) => {
    const confirmed = await confirm({
      title: t('accessTokens.revoke.title'),
      message: t('accessTokens.revoke.message', { name: token.name }),
      confirmText: t('accessTokens.revoke.confirm'),
    });
    if (!confirmed) return;
    try {
      await revoke.mutateAsync(token.id);
      if (created?.id === token.id) setCreated(null);
      focusName();
      toast.success(t('accessTokens.revoke.done', { name: token.name }));
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };

  return (
    <div className="mx-auto max-w-4xl p-6 lg:p-8">
      <PageHeader title={t('accessTokens.title')} description={t('accessTokens.description')} />
      <CreateTokenForm onCreated={setCreated} />
      {created && (
        <NewTokenPanel
          created={created}
          onDone={() => {
            setCreated(null);
            focusName();
          }}
        />
      )}
      <QueryState
        query={tokensQuery}
        isEmpty={() => !tokens?.length}
        empty={
          <EmptyState
            icon={KeyRound}
            title={t('accessTokens.empty')}
            description={t('accessTokens.emptyHint')}
          />
        }
      >
        {() => (
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t('accessTokens.title')}</caption>
            <thead className="border-b border-slate-200 text-xs text-slate-500 uppercase">
              <tr>
                <th scope="col" className="py-2">
                  {t('accessTokens.table.name')}
                </th>
                {/* On a phone the two dates go under the name (see the name cell). */}
                <th scope="col" className="hidden sm:table-cell">
                  {t('accessTokens.table.created')}
                </th>
                <th scope="col" className="hidden sm:table-cell">
                  {t('accessTokens.table.lastUsed')}
                </th>
                <th scope="col">{t('accessTokens.table.expires')}</th>
                <th scope="col">
                  <span className="sr-only">{t('accessTokens.table.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {(tokens ?? []).map((token) => (
                <tr key={token.id}>
                  <td className="py-2.5 pr-3">
                    <span className="font-medium break-words text-slate-900">{token.name}</span>
                    <span className="block text-xs text-slate-500 sm:hidden">
                      {t('accessTokens.table.createdOn', { date: date(token.createdAt) })}
                      {' · '}
                      {token.lastUsedAt
                        ? t('accessTokens.table.lastUsedOn', { date: date(token.lastUsedAt) })
                        : t('accessTokens.table.neverUsed')}
                    </span>
                  </td>
                  <td className="hidden text-slate-600 sm:table-cell">{date(token.createdAt)}</td>
                  <td className="hidden text-slate-600 sm:table-cell">
                    {token.lastUsedAt ? date(token.lastUsedAt) : t('accessTokens.table.never')}
                  </td>
                  <td className="whitespace-nowrap text-slate-600">
                    <TokenExpiry expiresAt={token.expiresAt} date={date} />
                  </td>
                  <td className="text-right">
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={t('accessTokens.revoke.button', { name: token.name })}
                      onClick={() => void onRevoke(token)}
                    >
                      {t('accessTokens.revoke.short')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </QueryState>
      <SignOutEverywhere />
    </div>
  );
}

/** When a token ends: a date, "Expired" (refused since; revoke to tidy up) or "Never". */
function TokenExpiry({
  expiresAt,
  date,
}: {
  expiresAt: string | null;
  date: (iso: string) => string;
}) {
  const { t } = useTranslation();
  if (expiresAt === null) {
    return <span className="text-amber-700">{t('accessTokens.table.noExpiry')}</span>;
  }
  if (new Date(expiresAt).getTime() <= Date.now()) {
    return (
      <span className="font-medium text-red-600">
        {t('accessTokens.table.expired', { date: date(expiresAt) })}
      </span>
    );
  }
  return <>{date(expiresAt)}</>;
}
