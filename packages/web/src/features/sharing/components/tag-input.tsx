import { normalizeTag, TAG_LENGTH_MAX, TAGS_PER_SHARE_MAX } from '@promptloom/core';
import { X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorProps, Field, inputClass } from '../../../components/ui/field';
import { IconButton } from '../../../components/ui/icon-button';

/**
 * Share form tags: Enter adds a tag; blank and duplicate tags are ignored; the
 * input is disabled at 10 tags; a tag over 50 characters shows its message.
 */
export function TagInput({
  id,
  tags,
  onChange,
  error,
}: {
  id: string;
  tags: string[];
  onChange: (tags: string[]) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const [tooLong, setTooLong] = useState(false);
  const full = tags.length >= TAGS_PER_SHARE_MAX;

  const add = () => {
    const tag = normalizeTag(draft);
    if (!tag) return setDraft('');
    if (tag.length > TAG_LENGTH_MAX) return setTooLong(true);
    if (!tags.includes(tag)) onChange([...tags, tag]);
    setDraft('');
  };
  const message = tooLong ? t('errors.SHARE_TAG_TOO_LONG') : error;

  return (
    <Field
      id={id}
      label={t('sharing.share.tags')}
      optional={t('sharing.share.optional')}
      error={message}
      hint={
        full ? t('sharing.share.tagsFull') : t('sharing.share.tagsHint', { count: tags.length })
      }
    >
      {tags.length > 0 && (
        <ul className="mb-2 flex flex-wrap gap-1.5" aria-label={t('sharing.share.tags')}>
          {tags.map((tag) => (
            <li
              key={tag}
              className="inline-flex items-center gap-1 rounded-full bg-indigo-50 py-0.5 pr-1 pl-2.5 text-xs font-medium text-indigo-700"
            >
              #{tag}
              <IconButton
                onClick={() => onChange(tags.filter((other) => other !== tag))}
                label={t('sharing.share.removeTag', { tag })}
                className="rounded-full p-0.5 hover:bg-indigo-100"
              >
                <X className="size-3" aria-hidden />
              </IconButton>
            </li>
          ))}
        </ul>
      )}
      <input
        id={id}
        value={draft}
        disabled={full}
        onChange={(event) => {
          setDraft(event.target.value);
          setTooLong(false);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            add();
          }
        }}
        placeholder={t('sharing.share.tagsPlaceholder')}
        className={inputClass}
        {...errorProps(id, message)}
      />
    </Field>
  );
}
