import type { User } from '@promptloom/core';
import { useState } from 'react';
import { cn } from '../../lib/cn';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : [name.trim()];
  return letters
    .map((part) => part?.[0] ?? '')
    .join('')
    .toUpperCase()
    .slice(0, 2);
}

/**
 * The user's provider picture, or their initials when there is none or it fails to load.
 * `className` sets its size (default size-9).
 */
export function Avatar({ user, className = 'size-9' }: { user: User; className?: string }) {
  const [broken, setBroken] = useState(false);
  if (user.avatarUrl && !broken) {
    return (
      <img
        src={user.avatarUrl}
        alt=""
        // Provider avatar hosts (Google, GitHub) may refuse hot-linking with a referrer.
        referrerPolicy="no-referrer"
        onError={() => setBroken(true)}
        className={cn('shrink-0 rounded-full object-cover ring-1 ring-slate-200', className)}
      />
    );
  }
  return (
    <span
      aria-hidden
      className={cn(
        'flex shrink-0 items-center justify-center rounded-full bg-indigo-100 text-sm font-semibold text-indigo-700',
        className,
      )}
    >
      {initials(user.name) || '?'}
    </span>
  );
}
