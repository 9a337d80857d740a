import { compositionBodySchema, type Block, type Composition } from '@promptloom/core';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { Modal } from '#web/components/ui/modal.tsx';
import { saveEdited } from '#web/lib/save-edited.ts';
import { toast } from '#web/lib/toast.ts';
import { BlockPicker, BlockPickerSearch, useBlocks, zodFieldErrors } from '../../../blocks';
import { useCreateComposition, useUpdateComposition } from '../../api';
import { newPreviewItem, toggleBlock, type PreviewItem } from './preview-item';
import { SortablePreview } from './sortable-preview';

export interface CompositionModalProps {
  open: boolean;
  /** The composition to edit, or null for a new one. */
  composition: Composition | null;
  onClose: () => void;
  onSaved?: (composition: Composition, created: boolean) => void;
}

/** Create/edit a saved composition. */
export function CompositionModal({ open, ...props }: CompositionModalProps) {
  return open ? <CompositionModalContent key={props.composition?.id ?? 'new'} {...props} /> : null;
}

function CompositionModalContent({
  composition,
  onClose,
  onSaved,
}: Omit<CompositionModalProps, 'open'>) {
  const { t } = useTranslation();
  const { data: blocks = [] } = useBlocks();
  const [name, setName] = useState(composition?.name ?? '');
  const [nameError, setNameError] = useState<string | null>(null);
  // Editing loads the saved blocks sorted by order, each active.
  const [items, setItems] = useState<PreviewItem[]>(() =>
    [...(composition?.blocks ?? [])]
      .sort((a, b) => a.order - b.order)
      .map((item) => newPreviewItem(item.blockId)),
  );
  const create = useCreateComposition();
  const update = useUpdateComposition();
  const saving = create.isPending || update.isPending;

  const blocksById = useMemo(() => new Map(blocks.map((b) => [b.id, b])), [blocks]);
  const counts = useMemo(() => {
    const map = new Map<string, number>();
    for (const item of items) map.set(item.blockId, (map.get(item.blockId) ?? 0) + 1);
    return map;
  }, [items]);

  const submit = async () => {
    const parsed = compositionBodySchema.safeParse({
      name,
      blockIds: items.map((item) => item.blockId),
    });
    if (!parsed.success) {
      const errors = zodFieldErrors(parsed.error, ['name', 'blockIds'] as const);
      if (errors.name) setNameError(errors.name);
      else if (errors.blockIds) toast.error(errors.blockIds);
      return;
    }
    await saveEdited({ create, update }, composition, parsed.data, {
      text: (key, message) => t(`compositions.toast.${key}`, { message }),
      onSaved,
      onClose,
    });
  };

  const formId = `composition-form-${composition?.id ?? 'new'}`;
  return (
    <Modal
      open
      onClose={onClose}
      size="xl"
      title={
        composition
          ? t('compositions.modal.editTitle', { name: composition.name })
          : t('compositions.modal.createTitle')
      }
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form={formId} busy={saving} disabled={items.length === 0}>
            {composition ? t('compositions.modal.save') : t('compositions.modal.create')}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        className="space-y-4"
      >
        <NameField
          value={name}
          error={nameError}
          onChange={(value) => {
            setName(value);
            setNameError(null);
          }}
        />
        <div className="grid gap-4 md:grid-cols-2">
          <AvailableBlocks
            blocks={blocks}
            counts={counts}
            onToggle={(block) => setItems((current) => toggleBlock(current, block.id))}
          />
          <div className="min-w-0">
            <h3 className="mb-1.5 text-sm font-medium text-slate-700">
              {t('compositions.modal.previewTitle', { count: items.length })}
            </h3>
            <SortablePreview items={items} blocksById={blocksById} onChange={setItems} />
          </div>
        </div>
      </form>
    </Modal>
  );
}

function NameField({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | null;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const nameId = useId();
  return (
    <div>
      <label htmlFor={nameId} className="mb-1.5 block text-sm font-medium text-slate-700">
        {t('compositions.modal.name')}
      </label>
      <input
        id={nameId}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={t('compositions.modal.namePlaceholder')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${nameId}-error` : undefined}
        autoFocus
        data-initial-focus
        className="block w-full rounded-md border-0 px-3 py-2 text-sm text-slate-900 shadow-xs ring-1 ring-slate-300 ring-inset placeholder:text-slate-400 focus:ring-2 focus:ring-indigo-600 focus:ring-inset"
      />
      {error && (
        <p id={`${nameId}-error`} className="mt-1 text-xs font-medium text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

/** The user's blocks to add, searchable, each with how many times the composition holds it. */
function AvailableBlocks({
  blocks,
  counts,
  onToggle,
}: {
  blocks: readonly Block[];
  counts: ReadonlyMap<string, number>;
  onToggle: (block: Block) => void;
}) {
  const { t } = useTranslation();
  const pickerId = useId();
  const [query, setQuery] = useState('');
  return (
    <div className="min-w-0">
      <h3 className="mb-1.5 text-sm font-medium text-slate-700">
        {t('compositions.modal.available')}
      </h3>
      <div className="flex h-96 flex-col gap-2 rounded-md border border-slate-200 bg-slate-50/50 p-2">
        <BlockPickerSearch value={query} onChange={setQuery} listId={pickerId} />
        <BlockPicker
          id={pickerId}
          blocks={blocks}
          counts={counts}
          onToggle={onToggle}
          query={query}
          actionLabels
          emptyText={t('compositions.modal.noBlocks')}
          headingLevel={4}
          className="min-h-0 flex-1 overflow-y-auto"
        />
      </div>
    </div>
  );
}
