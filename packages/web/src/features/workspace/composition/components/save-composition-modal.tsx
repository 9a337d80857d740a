import { COMPOSITION_NAME_MAX } from '@promptloom/core';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { Modal } from '../../../../components/ui/modal';

interface Props {
  open: boolean;
  title: string;
  initialName: string;
  busy: boolean;
  onClose: () => void;
  onSubmit: (name: string) => void;
}

/** Asks for the name of a composition saved from the workspace (Save, Save as copy). */
export function SaveCompositionModal({ open, title, initialName, busy, onClose, onSubmit }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [name, setName] = useState(initialName);
  useEffect(() => {
    if (open) setName(initialName);
  }, [open, initialName]);
  const trimmed = name.trim();

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={title}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form={`${id}-form`} busy={busy} disabled={!trimmed}>
            {t('common.save')}
          </Button>
        </>
      }
    >
      <form
        id={`${id}-form`}
        onSubmit={(event) => {
          event.preventDefault();
          if (trimmed) onSubmit(trimmed);
        }}
      >
        <label htmlFor={id} className="text-sm font-medium text-slate-700">
          {t('workspace.save.nameLabel')}
        </label>
        <input
          id={id}
          autoFocus
          value={name}
          maxLength={COMPOSITION_NAME_MAX}
          onChange={(event) => setName(event.target.value)}
          placeholder={t('workspace.save.namePlaceholder')}
          className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm focus:border-indigo-500 focus:ring-2 focus:ring-indigo-200 focus:outline-none"
        />
      </form>
    </Modal>
  );
}
