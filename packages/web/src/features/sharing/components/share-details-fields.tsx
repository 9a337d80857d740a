import { SHARE_DESCRIPTION_MAX } from '@promptloom/core';
import { ExternalLink } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { errorProps, Field, inputClass } from '../../../components/ui/field';
import { cn } from '../../../lib/cn';
import type { FieldErrors } from '../lib/form-errors';
import { TagInput } from './tag-input';

/** What both share forms edit besides visibility and expiry. */
export interface ShareDetails {
  description: string;
  tags: string[];
}

interface ShareDetailsFieldsProps {
  details: ShareDetails;
  onChange: (details: ShareDetails) => void;
  errors: FieldErrors;
}

/** Description and tags of a share, as the create and the manage forms both edit them. */
export function ShareDetailsFields({ details, onChange, errors }: ShareDetailsFieldsProps) {
  const { description, tags } = details;
  const { t } = useTranslation();
  const descriptionId = useId();
  const tagsId = useId();
  return (
    <>
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
          onChange={(event) => onChange({ ...details, description: event.target.value })}
          placeholder={t('sharing.share.descriptionPlaceholder')}
          className={inputClass}
          {...errorProps(descriptionId, errors.description)}
        />
      </Field>
      <TagInput
        id={tagsId}
        tags={tags}
        onChange={(next) => onChange({ ...details, tags: next })}
        error={errors.tags}
      />
    </>
  );
}

/** Opens the shared item's public page in a new tab. */
export function SharedPageLink({ itemId, className }: { itemId: string; className?: string }) {
  const { t } = useTranslation();
  return (
    <a
      href={`/shared/${itemId}`}
      target="_blank"
      rel="noreferrer"
      className={cn(
        'inline-flex items-center gap-1.5 rounded-md py-2 text-sm font-medium text-indigo-700 hover:bg-indigo-50',
        className,
      )}
    >
      <ExternalLink className="size-4" aria-hidden />
      {t('sharing.share.viewPage')}
    </a>
  );
}
