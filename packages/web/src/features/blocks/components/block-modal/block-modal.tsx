import { blockBodySchema, type Block, type BlockType } from '@promptloom/core';
import { ArrowLeft, GitMerge } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { Modal } from '#web/components/ui/modal.tsx';
import { saveEdited } from '#web/lib/save-edited.ts';
import { useCreateBlock, useUpdateBlock } from '../../api';
import { apiFieldError, zodFieldErrors, type FieldErrors } from '../../lib/form-errors';
import { blockDisplayName } from '../../lib/display-texts';
import { BlockTypeStep } from './block-type-step';
import {
  BLOCK_FORM_FIELDS,
  BlockForm,
  initialValues,
  toBody,
  type BlockFormField,
  type BlockFormValues,
} from './block-form';

export interface BlockModalProps {
  open: boolean;
  /** The block to edit, or null for a new block. */
  block: Block | null;
  onClose: () => void;
  /** Called with the saved block after a successful create or update. */
  onSaved?: (block: Block, created: boolean) => void;
}

/**
 * Create/edit a block. A new block starts at the type step; an
 * existing one opens the form of its type. Saving shows loading, then success or error
 * toasts, and closes on success.
 */
export function BlockModal({ open, ...props }: BlockModalProps) {
  // Mounted only while open, so every opening starts from fresh state.
  return open ? <BlockModalContent key={props.block?.id ?? 'new'} {...props} /> : null;
}

function BlockModalContent({ block, onClose, onSaved }: Omit<BlockModalProps, 'open'>) {
  const { t } = useTranslation();
  const [step, setStep] = useState<'type' | 'form'>(block ? 'form' : 'type');
  const [values, setValues] = useState<BlockFormValues>(() =>
    initialValues(block, block?.type ?? 'STATIC'),
  );
  const [errors, setErrors] = useState<FieldErrors<BlockFormField>>({});
  const create = useCreateBlock();
  const update = useUpdateBlock();
  const saving = create.isPending || update.isPending;

  const chooseType = (type: BlockType) => {
    setValues(initialValues(null, type));
    setErrors({});
    setStep('form');
  };

  const change = (patch: Partial<BlockFormValues>, field: BlockFormField) => {
    setValues((current) => ({ ...current, ...patch }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async () => {
    const body = toBody(values, block);
    const parsed = blockBodySchema.safeParse(body);
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error, BLOCK_FORM_FIELDS));
      return;
    }
    await saveEdited({ create, update }, block, parsed.data, {
      text: (key, message) => t(`blocks.toast.${key}`, { message }),
      onSaved,
      onClose,
      onError: (error) => {
        const fieldError = apiFieldError(error, BLOCK_FORM_FIELDS);
        if (fieldError) setErrors(fieldError);
      },
    });
  };

  const formId = `block-form-${block?.id ?? 'new'}`;
  const title = block
    ? t('blocks.modal.editTitle', { name: blockDisplayName(block) })
    : step === 'type'
      ? t('blocks.modal.createTitle')
      : t(
          values.type === 'DYNAMIC_TASK'
            ? 'blocks.modal.createDynamicTitle'
            : 'blocks.modal.createStaticTitle',
        );

  return (
    <Modal
      open
      onClose={onClose}
      title={title}
      size="lg"
      footer={
        step === 'type' ? (
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
        ) : (
          <>
            {!block && (
              <Button variant="ghost" onClick={() => setStep('type')} className="sm:mr-auto">
                <ArrowLeft className="size-4" aria-hidden />
                {t('blocks.modal.back')}
              </Button>
            )}
            <Button variant="secondary" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" form={formId} busy={saving}>
              {block ? t('blocks.modal.save') : t('blocks.modal.create')}
            </Button>
          </>
        )
      }
    >
      {step === 'type' ? (
        <BlockTypeStep onSelect={chooseType} />
      ) : (
        <form
          id={formId}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          {block?.subscription && !block.subscription.detached && (
            <p className="mb-4 flex gap-2 rounded-md border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-900">
              <GitMerge className="mt-0.5 size-4 shrink-0" aria-hidden />
              {t('blocks.modal.followsShared', { version: block.subscription.subscribedVersion })}
            </p>
          )}
          <BlockForm
            values={values}
            errors={errors}
            isSystemBlock={block?.isSystemBlock ?? false}
            onChange={change}
          />
        </form>
      )}
    </Modal>
  );
}
