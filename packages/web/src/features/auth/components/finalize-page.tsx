import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { FullPageSpinner } from '../../../components/ui/spinner';
import { i18n } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { authApi } from '../api';
import { checkAuth, login } from '../session';
import { takePendingLogin, takePostLoginPath } from '../storage';
import { useAuthStore } from '../store';

type Navigate = (to: string, options: { replace: true }) => unknown;

/**
 * The OAuth callback's checks and finalization, in this order: provider error, state,
 * code; then finalize, log in, re-check, redirect.
 */
export async function finalizeLogin(
  params: URLSearchParams,
  navigate: Navigate,
  /** The provider segment of /auth/finalize/:provider (external providers' redirect URI). */
  pathProvider?: string,
): Promise<void> {
  const pending = takePendingLogin();
  const code = params.get('code');
  const state = params.get('state');
  const fail = (message: string, to: string) => {
    toast.error(message, 'auth-failed');
    void navigate(to, { replace: true });
  };

  if (params.get('error')) return fail(i18n.t('auth.authFailed'), '/login');
  const providerMismatch = pathProvider !== undefined && pathProvider !== pending?.provider;
  if (!pending || !state || state !== pending.state || providerMismatch) {
    return fail(i18n.t('auth.stateMismatch'), '/login?error=auth_failed');
  }
  if (!code) {
    void navigate('/login?error=token_missing', { replace: true });
    return;
  }

  useAuthStore.setState({ status: 'authorizing' });
  try {
    const { accessToken } = await authApi.finalizeLogin(pending.provider, {
      code,
      state,
      iss: params.get('iss') ?? undefined,
    });
    login(accessToken);
  } catch (error) {
    console.error('Login finalization failed', error);
    useAuthStore.setState({ status: 'unauthenticated', accessToken: null, user: null });
    return fail(i18n.t('auth.authFailed'), '/login?error=auth_failed');
  }
  if (!(await checkAuth())) return fail(i18n.t('auth.authFailed'), '/login?error=auth_failed');
  void navigate(takePostLoginPath(), { replace: true });
}

/** /auth/finalize: a spinner while the callback is checked and the session opened. */
export function FinalizePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { provider } = useParams();
  const navigate = useNavigate();
  // The code is single-use: StrictMode's second effect run must not redeem it again.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void finalizeLogin(params, navigate, provider);
  }, [params, navigate, provider]);

  return <FullPageSpinner message={t('auth.finalizing')} />;
}
