import { COPIED_FEEDBACK_MS } from '../../../config/limits';
import { Check, Copy } from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';

export const shareUrl = (token: string) => `${window.location.origin}/share/${token}`;

/** The private link in a read-only field with copy ('copied' for 2 s) and its expiry. */
export function ShareLink({
  token,
  expiresAt,
  actions,
}: {
  token: string;
  expiresAt: string | null;
  actions?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [copied, setCopied] = useState(false);
  const url = shareUrl(token);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const expiry = expiresAt ? new Date(expiresAt) : null;
  const format = (date: Date) =>
    date.toLocaleString(i18n.language, { dateStyle: 'long', timeStyle: 'short' });

  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {t('sharing.share.link')}
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={id}
          readOnly
          value={url}
          onFocus={(event) => event.target.select()}
          className={cn(
            'min-w-0 flex-1 rounded-md border-0 bg-slate-50 px-3 py-2 font-mono text-xs text-slate-800 ring-1 ring-slate-200 ring-inset',
            // With link actions the URL gets its own full-width line.
            actions ? 'basis-full' : null,
          )}
        />
        <Button
          variant="secondary"
          onClick={() =>
            void navigator.clipboard.writeText(url).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? (
            <Check className="size-4 text-green-600" aria-hidden />
          ) : (
            <Copy className="size-4" aria-hidden />
          )}
          <span aria-live="polite">
            {copied ? t('sharing.share.copied') : t('sharing.share.copy')}
          </span>
        </Button>
        {actions}
      </div>
      <p className="text-xs text-slate-500">
        {!expiry
          ? t('sharing.share.neverExpires')
          : expiry.getTime() <= Date.now()
            ? t('sharing.share.expired', { date: format(expiry) })
            : t('sharing.share.expiresAt', { date: format(expiry) })}
      </p>
    </div>
  );
}
