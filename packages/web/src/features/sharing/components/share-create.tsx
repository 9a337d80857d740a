import { shareFormSchema, type Block, type ShareResult } from '@promptloom/core';
import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useShareBlock } from '../api';
import { showSaveError, zodFieldErrors, type FieldErrors } from '../lib/form-errors';
import { ExpirationSelect } from './expiration-select';
import { type ShareDetails, ShareDetailsFields, SharedPageLink } from './share-details-fields';
import { ShareLink } from './share-link';
import { VisibilityChoice } from './visibility-choice';

const FIELDS = ['description', 'tags', 'expiresInDays'] as const;

/** Create mode of the share modal: the form, then the link or the public success message. */
export function ShareCreate({ block, onClose }: { block: Block; onClose: () => void }) {
  const { t } = useTranslation();
  const share = useShareBlock();
  const [isPublic, setIsPublic] = useState(true);
  const [expiresInDays, setExpiresInDays] = useState<0 | 7 | 30 | 90>(0);
  const [details, setDetails] = useState<ShareDetails>({
    description: block.description ?? '',
    tags: [],
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [result, setResult] = useState<ShareResult | null>(null);

  if (result) return <ShareSuccess result={result} onClose={onClose} />;

  const submit = () => {
    // Public shares are sent without expiresInDays.
    const form = isPublic ? { isPublic, ...details } : { isPublic, ...details, expiresInDays };
    const parsed = shareFormSchema.safeParse(form);
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error));
    setErrors({});
    share.mutate(
      { blockId: block.id, form },
      {
        onSuccess: setResult,
        onError: (error) => showSaveError(error, FIELDS, setErrors, t('sharing.share.error')),
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
      <ShareDetailsFields details={details} onChange={setDetails} errors={errors} />
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
        <SharedPageLink itemId={result.id} className="px-3.5" />
        <Button onClick={onClose}>{t('sharing.share.done')}</Button>
      </div>
    </div>
  );
}
