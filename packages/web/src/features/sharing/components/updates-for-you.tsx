import type { Block } from '@promptloom/core';
import { Sparkles } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { hasUpdateAvailable, useBlocks } from '../../blocks';
import { UpdatePreviewModal } from './update-preview-modal';

/** The top of the library page: subscribed blocks with a newer version, each to preview. */
export function UpdatesForYou() {
  const { t } = useTranslation();
  const { data: blocks } = useBlocks();
  const [open, setOpen] = useState<Block | null>(null);
  const updates = blocks?.filter(hasUpdateAvailable) ?? [];
  // The dialog stays while it is open: accepting takes the last update (and this list) away.
  const dialog = open && <UpdatePreviewModal open block={open} onClose={() => setOpen(null)} />;
  if (updates.length === 0) return dialog || null;
  return (
    <section
      aria-labelledby="updates-for-you"
      className="mb-6 rounded-lg border border-green-200 bg-green-50 p-4"
    >
      <h2
        id="updates-for-you"
        className="flex items-center gap-2 text-base font-semibold text-green-900"
      >
        <Sparkles className="size-4" aria-hidden />
        {t('library.updates.title')}
      </h2>
      <ul className="mt-2 divide-y divide-green-100">
        {updates.map((block) => (
          <li key={block.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span className="min-w-0 text-sm">
              <span className="font-medium text-slate-900">{block.name}</span>{' '}
              <span className="text-slate-600">
                {t('library.updates.item', {
                  from: block.subscription?.subscribedVersion,
                  to: block.sharedVersion?.version,
                })}
              </span>
            </span>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => setOpen(block)}
              aria-label={t('library.updates.previewLabel', { name: block.name })}
            >
              {t('library.updates.preview')}
            </Button>
          </li>
        ))}
      </ul>
      {dialog}
    </section>
  );
}
