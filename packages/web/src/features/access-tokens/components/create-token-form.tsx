import { accessTokenBodySchema, type CreatedAccessToken } from '@promptloom/core';
import { Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Field, errorProps, inputClass } from '../../../components/ui/field';
import { errorMessage, issueMessage } from '../../../lib/error-message';
import { useCreateAccessToken } from '../api';

/** Name + "Create token": validated with the contract's schema, like the server does. */
export function CreateTokenForm({ onCreated }: { onCreated: (token: CreatedAccessToken) => void }) {
  const { t } = useTranslation();
  const create = useCreateAccessToken();
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = accessTokenBodySchema.safeParse({ name });
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
    <form onSubmit={(event) => void submit(event)} className="mb-6 flex items-end gap-3">
      <div className="max-w-sm flex-1">
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
      <Button type="submit" busy={create.isPending} className={error ? 'mb-5' : undefined}>
        <Plus className="size-4" aria-hidden />
        {t('accessTokens.form.create')}
      </Button>
    </form>
  );
}
