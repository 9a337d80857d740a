import { publishFormSchema, VERSION_NOTES_MAX } from '@promptloom/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { toast } from '../../../lib/toast';
import { usePublishUpdate } from '../api';
import { showSaveError, zodFieldErrors } from '../lib/form-errors';
import { errorProps, Field, inputClass } from '../../../components/ui/field';
import type { SharingModalProps } from './modal-props';

/** Publish-update modal: item name, required version notes, cancel / publish. */
export function PublishUpdateModal({ open, block, onClose }: SharingModalProps) {
  const { t } = useTranslation();
  const notesId = useId();
  const publish = usePublishUpdate();
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | undefined>();
  const sharedItemId = block.sharedVersion?.id;

  const close = () => {
    setNotes('');
    setError(undefined);
    onClose();
  };
  const submit = () => {
    const parsed = publishFormSchema.safeParse({ versionNotes: notes });
    if (!parsed.success) return setError(zodFieldErrors(parsed.error).versionNotes);
    if (!sharedItemId) return;
    setError(undefined);
    publish.mutate(
      { id: sharedItemId, versionNotes: parsed.data.versionNotes },
      {
        onSuccess: (item) => {
          toast.success(t('sharing.publish.success', { version: item.currentVersion }));
          close();
        },
        onError: (err) =>
          showSaveError(
            err,
            ['versionNotes'],
            (errors) => setError(errors.versionNotes),
            t('sharing.publish.error'),
          ),
      },
    );
  };

  return (
    <Modal
      open={open}
      onClose={close}
      title={t('sharing.publish.title')}
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form={`${notesId}-form`} busy={publish.isPending}>
            {publish.isPending ? t('sharing.publish.publishing') : t('sharing.publish.submit')}
          </Button>
        </>
      }
    >
      <form
        id={`${notesId}-form`}
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <div>
          <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">
            {t('sharing.publish.item')}
          </p>
          <p className="font-medium text-slate-900">{block.name}</p>
          {block.sharedVersion && (
            <p className="text-xs text-slate-500">
              v{block.sharedVersion.version} → v{block.sharedVersion.version + 1}
            </p>
          )}
        </div>
        {/* The card offers this once the block differs; a list loaded before an undo may not. */}
        {block.sharedVersion && !block.sharedVersion.edited && (
          <p role="note" className="rounded bg-amber-50 px-3 py-2 text-sm text-amber-800">
            {t('sharing.publish.unchanged', { version: block.sharedVersion.version })}
          </p>
        )}
        <Field
          id={notesId}
          label={t('sharing.publish.notes')}
          error={error}
          hint={`${notes.length}/${VERSION_NOTES_MAX}`}
        >
          <textarea
            id={notesId}
            rows={5}
            aria-required
            value={notes}
            onChange={(event) => setNotes(event.target.value)}
            placeholder={t('sharing.publish.notesPlaceholder')}
            className={inputClass}
            {...errorProps(notesId, error)}
          />
        </Field>
      </form>
    </Modal>
  );
}
