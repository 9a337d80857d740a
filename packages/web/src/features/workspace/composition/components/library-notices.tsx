import type { Block } from '@promptloom/core';
import { ArrowRight, RefreshCw, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hasUpdateAvailable } from '../../../blocks';

/**
 * Subscribed blocks with a newer shared version, as the Blocks page marks them (same blocks
 * query, same rule): a link to that page, where each is updated.
 */
export function UpdatesAvailableBadge({ blocks }: { blocks: Block[] }) {
  const { t } = useTranslation();
  const count = blocks.filter(hasUpdateAvailable).length;
  if (count === 0) return null;
  return (
    <Link
      to="/settings/blocks"
      className="inline-flex items-center gap-1.5 rounded-full bg-amber-50 px-2.5 py-1 text-xs font-medium text-amber-800 ring-1 ring-amber-200 ring-inset hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      <RefreshCw className="size-3.5" aria-hidden />
      {t('workspace.library.updatesAvailable', { count })}
    </Link>
  );
}

/** With only the built-in blocks, a pointer to the community's starter blocks. */
export function StarterBlocksPointer({ blocks }: { blocks: Block[] }) {
  const { t } = useTranslation();
  if (blocks.some((block) => !block.isSystemBlock)) return null;
  return (
    <div className="rounded-lg border border-dashed border-indigo-200 bg-indigo-50 px-3 py-3 text-sm">
      <p className="flex items-center gap-1.5 font-medium text-indigo-900">
        <Sparkles className="size-4 shrink-0" aria-hidden />
        {t('workspace.library.starter.title')}
      </p>
      <p className="mt-1 text-slate-600">{t('workspace.library.starter.body')}</p>
      <Link
        to="/library?tab=recommended"
        className="mt-2 inline-flex items-center gap-1 font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        {t('workspace.library.starter.link')}
        <ArrowRight className="size-3.5" aria-hidden />
      </Link>
    </div>
  );
}
