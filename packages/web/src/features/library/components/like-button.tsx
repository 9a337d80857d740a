import type { SharedItemSummary } from '@promptloom/core';
import { Heart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';
import { useToggleLike } from '../api';

/** The like toggle with its count (optimistic). */
export function LikeButton({
  item,
  size = 'sm',
}: {
  item: Pick<SharedItemSummary, 'id' | 'name' | 'likeCount' | 'isLikedByCurrentUser'>;
  size?: 'sm' | 'md';
}) {
  const { t } = useTranslation();
  const toggle = useToggleLike();
  const liked = item.isLikedByCurrentUser;
  return (
    <button
      type="button"
      aria-pressed={liked}
      // The name carries the visible count (WCAG 2.5.3, axe label-content-name-mismatch).
      aria-label={`${t(liked ? 'library.unlike' : 'library.like', { name: item.name })}, ${t(
        'library.likesCount',
        { count: item.likeCount },
      )}`}
      title={t(liked ? 'library.unlikeShort' : 'library.likeShort')}
      onClick={(event) => {
        // Cards are links: the button must not navigate.
        event.preventDefault();
        event.stopPropagation();
        toggle.mutate({ id: item.id, like: !liked });
      }}
      className={cn(
        'relative z-10 inline-flex items-center gap-1 rounded-full font-medium transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-rose-500',
        size === 'sm' ? 'px-2 py-1 text-xs' : 'px-3 py-1.5 text-sm',
        liked
          ? 'bg-rose-50 text-rose-600 hover:bg-rose-100'
          : 'text-slate-500 hover:bg-slate-100 hover:text-rose-600',
      )}
    >
      <Heart
        className={cn(size === 'sm' ? 'size-3.5' : 'size-4', liked && 'fill-current')}
        aria-hidden
      />
      <span>{item.likeCount}</span>
    </button>
  );
}
