import type { CreatedAccessToken } from '@promptloom/core';
import { Check, Copy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/field';
import { toast } from '../../../lib/toast';

/** The token just created: shown this once, with a copy button and the CLI command. */
export function NewTokenPanel({
  created,
  onDone,
}: {
  created: CreatedAccessToken;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const tokenField = useRef<HTMLInputElement>(null);
  // Create token clears its form and turns disabled: focus goes to the token, selected, ready
  // to copy, rather than falling to the page.
  useEffect(() => tokenField.current?.focus(), [created.id]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.token);
      setCopied(true);
    } catch {
      toast.error(t('accessTokens.copyError'));
    }
  };
  return (
    <section
      aria-labelledby="new-token-title"
      className="mb-6 rounded-lg border border-emerald-300 bg-emerald-50 p-4"
    >
      <h2 id="new-token-title" className="font-medium text-emerald-900">
        {t('accessTokens.created.title', { name: created.name })}
      </h2>
      <p className="mt-1 text-sm text-emerald-800">{t('accessTokens.created.once')}</p>
      <div className="mt-3 flex gap-2">
        <input
          ref={tokenField}
          readOnly
          value={created.token}
          aria-label={t('accessTokens.created.tokenLabel')}
          className={`${inputClass} font-mono`}
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button variant="secondary" onClick={() => void copy()}>
          {copied ? (
            <Check className="size-4" aria-hidden />
          ) : (
            <Copy className="size-4" aria-hidden />
          )}
          {copied ? t('accessTokens.created.copied') : t('accessTokens.created.copy')}
        </Button>
      </div>
      <p className="mt-3 text-sm text-emerald-800">{t('accessTokens.created.cliHint')}</p>
      <pre className="mt-1 overflow-x-auto rounded-md bg-white p-2 text-xs text-slate-800 ring-1 ring-emerald-200">
        {`npx promptloom login --server ${window.location.origin} --token ${created.token}`}
      </pre>
      <div className="mt-3 flex justify-end">
        <Button variant="ghost" onClick={onDone}>
          {t('accessTokens.created.done')}
        </Button>
      </div>
    </section>
  );
}
