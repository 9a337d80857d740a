import {
  ACCESS_TOKEN_DEFAULT_EXPIRY_DAYS,
  ACCESS_TOKEN_EXPIRY_DAYS,
  accessTokenBodySchema,
  type CreatedAccessToken,
} from '@promptloom/core';
import { Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Field, errorProps, inputClass } from '../../../components/ui/field';
import { errorMessage, issueMessage } from '../../../lib/error-message';
import { useCreateAccessToken } from '../api';

/** A lifetime in days, or 'never' (the select's values are strings). */
type ExpiryChoice = `${(typeof ACCESS_TOKEN_EXPIRY_DAYS)[number]}` | 'never';

/**
 * Name, "Expires" and "Create token": validated with the contract's schema, like the server
 * does. A token that never expires is allowed, with a warning next to the choice.
 */
export function CreateTokenForm({ onCreated }: { onCreated: (token: CreatedAccessToken) => void }) {
  const { t } = useTranslation();
  const create = useCreateAccessToken();
  const [name, setName] = useState('');
  const [expiry, setExpiry] = useState<ExpiryChoice>(`${ACCESS_TOKEN_DEFAULT_EXPIRY_DAYS}`);
  const [error, setError] = useState<string>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const expiresInDays = expiry === 'never' ? null : Number(expiry);
    const parsed = accessTokenBodySchema.safeParse({ name, expiresInDays });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setError(issue ? issueMessage(issue.message) : t('common.unknownError'));
      return;
    }
    setError(undefined);
    try {
      onCreated(await create.mutateAsync(parsed.data));
      setName('');
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="mb-6 flex flex-wrap items-end gap-3">
      {/* min-w-48: on a phone the name keeps a usable width and the button goes below. */}
      <div className="max-w-sm min-w-48 flex-1">
        <Field id="access-token-name" label={t('accessTokens.form.name')} error={error}>
          <input
            id="access-token-name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            placeholder={t('accessTokens.form.placeholder')}
            className={inputClass}
            {...errorProps('access-token-name', error)}
          />
        </Field>
      </div>
      {/* Bottom-aligned with the name field: as the button, it leaves room for its message. */}
      <div className={error ? 'mb-5' : undefined}>
        <Field id="access-token-expiry" label={t('accessTokens.form.expires')}>
          <select
            id="access-token-expiry"
            value={expiry}
            onChange={(event) => setExpiry(event.target.value as ExpiryChoice)}
            // A select draws shorter than an input of the same padding: h-9 gives both one
            // height, so the two fields line up with the button beside them.
            className={`${inputClass} h-9`}
            aria-describedby={expiry === 'never' ? 'access-token-expiry-warning' : undefined}
          >
            {ACCESS_TOKEN_EXPIRY_DAYS.map((days) => (
              <option key={days} value={String(days)}>
                {t(`accessTokens.form.expiry.${days}`)}
              </option>
            ))}
            <option value="never">{t('accessTokens.form.expiry.never')}</option>
          </select>
        </Field>
      </div>
      <Button type="submit" busy={create.isPending} className={error ? 'mb-5' : undefined}>
        <Plus className="size-4" aria-hidden />
        {t('accessTokens.form.create')}
      </Button>
      {expiry === 'never' && (
        <p
          id="access-token-expiry-warning"
          role="note"
          className="basis-full rounded bg-amber-50 px-3 py-2 text-sm text-amber-800"
        >
          {t('accessTokens.form.neverWarning')}
        </p>
      )}
    </form>
  );
}
