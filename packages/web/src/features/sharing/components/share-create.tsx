import {
  shareFormSchema,
  SHARE_DESCRIPTION_MAX,
  type Block,
  type ShareResult,
} from '@promptloom/core';
import { CheckCircle2, ExternalLink } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { useShareBlock } from '../api';
import { apiFieldErrors, zodFieldErrors, type FieldErrors } from '../lib/form-errors';
import { ExpirationSelect } from './expiration-select';
import { errorProps, Field, inputClass } from '../../../components/ui/field';
import { ShareLink } from './share-link';
import { TagInput } from './tag-input';
import { VisibilityChoice } from './visibility-choice';

const FIELDS = ['description', 'tags', 'expiresInDays'] as const;

/** Create mode of the share modal: the form, then the link or the public success message. */
export function ShareCreate({ block, onClose }: { block: Block; onClose: () => void }) {
  const { t } = useTranslation();
  const descriptionId = useId();
  const tagsId = useId();
  const share = useShareBlock();
  const [isPublic, setIsPublic] = useState(true);
  const [expiresInDays, setExpiresInDays] = useState<0 | 7 | 30 | 90>(0);
  const [description, setDescription] = useState(block.description ?? '');
  const [tags, setTags] = useState<string[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [result, setResult] = useState<ShareResult | null>(null);

  if (result) return <ShareSuccess result={result} onClose={onClose} />;

  const submit = () => {
    // SPEC §5: public shares are sent without expiresInDays.
    const form = isPublic
      ? { isPublic, description, tags }
      : { isPublic, description, tags, expiresInDays };
    const parsed = shareFormSchema.safeParse(form);
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error));
    setErrors({});
    share.mutate(
      { blockId: block.id, form },
      {
        onSuccess: setResult,
        onError: (error) => {
          const fieldErrors = apiFieldErrors(error, FIELDS);
          if (fieldErrors) setErrors(fieldErrors);
          else toast.error(errorMessage(error, t('sharing.share.error')));
        },
      },
    );
  };

  return (
    <form
      className="space-y-5"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <VisibilityChoice isPublic={isPublic} onChange={setIsPublic} />
      {!isPublic && (
        <ExpirationSelect
          value={expiresInDays}
          onChange={(days) => setExpiresInDays(days ?? 0)}
          error={errors.expiresInDays}
        />
      )}
      <Field
        id={descriptionId}
        label={t('sharing.share.description')}
        optional={t('sharing.share.optional')}
        error={errors.description}
        hint={`${description.length}/${SHARE_DESCRIPTION_MAX}`}
      >
        <textarea
          id={descriptionId}
          rows={3}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          placeholder={t('sharing.share.descriptionPlaceholder')}
          className={inputClass}
          {...errorProps(descriptionId, errors.description)}
        />
      </Field>
      <TagInput id={tagsId} tags={tags} onChange={setTags} error={errors.tags} />
      <div className="flex justify-end gap-2 border-t border-slate-100 pt-4">
        <Button variant="secondary" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" busy={share.isPending}>
          {share.isPending ? t('sharing.share.sharing') : t('sharing.share.submit')}
        </Button>
      </div>
    </form>
  );
}

function ShareSuccess({ result, onClose }: { result: ShareResult; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-5">
      <p
        className="flex items-start gap-2 rounded-lg bg-green-50 p-3 text-sm text-green-800"
        role="status"
      >
        <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden />
        {result.shareToken ? t('sharing.share.linkReady') : t('sharing.share.publicSuccess')}
      </p>
      {result.shareToken && <ShareLink token={result.shareToken} expiresAt={result.expiresAt} />}
      <div className="flex justify-end gap-2 border-t border-slate-100 pt-4">
        <a
          href={`/shared/${result.id}`}
          target="_blank"
          rel="noreferrer"
          className="inline-flex items-center gap-1.5 rounded-md px-3.5 py-2 text-sm font-medium text-indigo-700 hover:bg-indigo-50"
        >
          <ExternalLink className="size-4" aria-hidden />
          {t('sharing.share.viewPage')}
        </a>
        <Button onClick={onClose}>{t('sharing.share.done')}</Button>
      </div>
    </div>
  );
}
