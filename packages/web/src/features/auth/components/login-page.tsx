import type { AuthProvider } from '@promptloom/core/contract';
import { KeyRound, Layers, Link2, UserRound } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ErrorBox } from '../../../components/ui/error-box';
import { FullPageSpinner, Spinner } from '../../../components/ui/spinner';
import { LanguageSelector } from '../../../components/ui/language-selector';
import { ThemeSelector } from '../../../components/ui/theme-selector';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { authApi, useProviders } from '../api';
import { useAuth } from '../hooks';
import {
  opensSharedBlock,
  peekPostLoginPath,
  savePendingLogin,
  takePostLoginPath,
} from '../storage';

const LOGIN_ERRORS = {
  token_missing: 'auth.errorTokenMissing',
  auth_failed: 'auth.errorAuthFailed',
} as const;

function isLoginError(value: string | null): value is keyof typeof LOGIN_ERRORS {
  return value !== null && value in LOGIN_ERRORS;
}

/**
 * /login: one button per enabled provider, the callback's error, a terms line, language and
 * theme. Opened on the way to a shared block, it says so (and no more: the block itself is
 * read only once signed in).
 */
export function LoginPage() {
  const { t } = useTranslation();
  const { status } = useAuth();
  const [params] = useSearchParams();
  const error = params.get('error');
  const [toSharedBlock] = useState(() => opensSharedBlock(peekPostLoginPath()));

  if (status === 'authenticated') return <RedirectAfterLogin />;
  if (status === 'loading' || status === 'authorizing') {
    return <FullPageSpinner message={t('app.initializingSession')} />;
  }

  return (
    <main className="flex min-h-full items-center justify-center bg-gradient-to-br from-slate-50 via-white to-indigo-50 px-4 py-12">
      <div className="w-full max-w-sm">
        <div className="mb-8 flex flex-col items-center text-center">
          <span className="mb-4 flex size-12 items-center justify-center rounded-xl bg-indigo-600 text-white shadow-lg shadow-indigo-600/30">
            <Layers className="size-6" aria-hidden />
          </span>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">
            {t('auth.title', { app: t('app.title') })}
          </h1>
          <p className="mt-2 text-sm text-slate-600">{t('auth.subtitle')}</p>
        </div>
        <div className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          {toSharedBlock && (
            <p className="flex items-center gap-2 rounded-md border border-indigo-200 bg-indigo-50 px-3 py-2 text-sm font-medium text-indigo-900">
              <Link2 className="size-4 shrink-0" aria-hidden />
              {t('auth.toSharedBlock')}
            </p>
          )}
          {isLoginError(error) && (
            <p
              role="alert"
              className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700"
            >
              {t(LOGIN_ERRORS[error])}
            </p>
          )}
          <ProviderButtons />
        </div>
        <p className="mt-6 text-center text-xs leading-relaxed text-slate-500">{t('auth.terms')}</p>
        <div className="mx-auto mt-6 flex w-60 flex-col gap-3">
          <LanguageSelector />
          <ThemeSelector />
        </div>
      </div>
    </main>
  );
}

/** Already signed in: go where the user was heading (the stored path is read once). */
function RedirectAfterLogin() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    void navigate(takePostLoginPath(), { replace: true });
  }, [navigate]);
  return <FullPageSpinner message={t('app.loading')} />;
}

function ProviderButtons() {
  const { t } = useTranslation();
  const providers = useProviders();
  const [pending, setPending] = useState<string | null>(null);

  if (providers.isPending) {
    return (
      <div className="flex justify-center py-2 text-slate-500">
        <Spinner label={t('auth.loadingProviders')} />
      </div>
    );
  }
  if (providers.isError) return <ErrorBox message={errorMessage(providers.error)} />;
  if (providers.data.length === 0) {
    return <p className="text-center text-sm text-slate-600">{t('auth.noProviders')}</p>;
  }

  // Login flow: fetch the auth URL, keep the state (and provider) for the callback, go.
  const signIn = async (provider: AuthProvider) => {
    setPending(provider.id);
    try {
      const { authUrl, state } = await authApi.authUrl(provider.id);
      savePendingLogin({ state, provider: provider.id });
      window.location.assign(authUrl);
    } catch (error) {
      toast.error(errorMessage(error, t('auth.authUrlFailed')));
      setPending(null);
    }
  };

  return (
    <div className="flex flex-col gap-2.5">
      {providers.data.map((provider) => {
        const Icon = provider.id === 'local' ? UserRound : KeyRound;
        return (
          <Button
            key={provider.id}
            variant={provider.id === 'local' ? 'primary' : 'secondary'}
            className="w-full py-2.5"
            busy={pending === provider.id}
            disabled={pending !== null && pending !== provider.id}
            onClick={() => void signIn(provider)}
          >
            {pending !== provider.id && <Icon className="size-4" aria-hidden />}
            {/* The built-in provider is ours to name in a sentence; external ones are brands. */}
            {provider.id === 'local'
              ? t('auth.signInLocal')
              : t('auth.signInWith', { provider: provider.name })}
          </Button>
        );
      })}
    </div>
  );
}
