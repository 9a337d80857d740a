import type { User } from '@promptloom/core';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/ui/avatar';
import { useAuth, useProviders } from '../../auth';
import { Section } from './section';

/** Names the providers use for themselves, for when the server no longer lists the one signed in with. */
const BRAND_NAMES: Record<string, string> = {
  github: 'GitHub',
  gitlab: 'GitLab',
  google: 'Google',
  oidc: 'OpenID Connect',
};

/** Who is signed in: picture, name, e-mail and the provider the account belongs to. */
export function ProfileSection() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const providers = useProviders();
  if (!user) return null;
  // The built-in provider is "a local account" in a sentence of ours; external ones are brands.
  const signedInWith = (provider: User['provider']) =>
    provider === 'local'
      ? t('account.profile.signedInLocal')
      : t('account.profile.signedInWith', {
          provider:
            providers.data?.find((p) => p.id === provider)?.name ??
            BRAND_NAMES[provider] ??
            provider,
        });

  return (
    <Section id="account-profile" title={t('account.profile.title')}>
      <div className="mt-3 flex items-center gap-4">
        <Avatar user={user} className="size-14 text-lg" />
        <dl className="min-w-0 flex-1 space-y-0.5 text-sm">
          <dt className="sr-only">{t('account.profile.name')}</dt>
          <dd className="truncate font-medium text-slate-900" title={user.name}>
            {user.name}
          </dd>
          {user.email && (
            <>
              <dt className="sr-only">{t('account.profile.email')}</dt>
              <dd className="truncate text-slate-600" title={user.email}>
                {user.email}
              </dd>
            </>
          )}
          <dt className="sr-only">{t('account.profile.provider')}</dt>
          <dd className="text-slate-600">{signedInWith(user.provider)}</dd>
        </dl>
      </div>
    </Section>
  );
}
