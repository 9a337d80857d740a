import { COMPOSITION_NAME_MAX, compositionBodySchema } from '@promptloom/core';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { errorProps, Field, inputClass } from '#web/components/ui/field.tsx';
import { Modal } from '#web/components/ui/modal.tsx';
import { issueMessage } from '#web/lib/error-message.ts';

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
  const [error, setError] = useState<string>();
  useEffect(() => {
    if (open) {
      setName(initialName);
      setError(undefined);
    }
  }, [open, initialName]);
  const trimmed = name.trim();

  // The server's own rules for a name (length, hidden characters), before any request.
  const submit = () => {
    const parsed = compositionBodySchema.shape.name.safeParse(name);
    const issue = parsed.error?.issues[0];
    setError(issue ? issueMessage(issue.message) : undefined);
    if (parsed.success) onSubmit(parsed.data);
  };

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
          if (trimmed) submit();
        }}
      >
        <Field id={id} label={t('workspace.save.nameLabel')} error={error}>
          <input
            id={id}
            autoFocus
            data-initial-focus
            value={name}
            maxLength={COMPOSITION_NAME_MAX}
            onChange={(event) => setName(event.target.value)}
            placeholder={t('workspace.save.namePlaceholder')}
            className={inputClass}
            {...errorProps(id, error)}
          />
        </Field>
      </form>
    </Modal>
  );
}
