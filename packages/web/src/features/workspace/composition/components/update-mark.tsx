import type { Block } from '@promptloom/core';
import { Sparkles } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { blockDisplayName, hasUpdateAvailable } from '../../../blocks';
import { UpdatePreviewModal } from '../../../sharing';

/** Beside a subscribed block with a newer version: opens the update's preview. */
export function UpdateMark({ block }: { block: Block }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // The dialog stays while it is open: accepting takes the update (and this mark) away.
  if (!hasUpdateAvailable(block) && !open) return null;
  return (
    <>
      {hasUpdateAvailable(block) && (
        <button
          type="button"
          onClick={() => setOpen(true)}
          aria-label={t('workspace.library.updateMark', { name: blockDisplayName(block) })}
          title={t('workspace.library.updateMark', { name: blockDisplayName(block) })}
          className="shrink-0 rounded-md p-1.5 text-green-700 ring-1 ring-green-200 hover:bg-green-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          <Sparkles className="size-3.5" aria-hidden />
        </button>
      )}
      {open && <UpdatePreviewModal open block={block} onClose={() => setOpen(false)} />}
    </>
  );
}
