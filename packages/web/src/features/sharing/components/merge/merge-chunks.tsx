import type { MergeChunk } from '@promptloom/core';
import { useTranslation } from 'react-i18next';
import { cn } from '#web/lib/cn.ts';

/** A line as shown: without its terminator, an empty line kept one line high. */
const shown = (line: string) => line.replace(/\r?\n$/, '') || '\u00a0';

function Lines({ lines, className }: { lines: readonly string[]; className?: string }) {
  return (
    <>
      {lines.map((line, i) => (
        <span key={i} className={cn('block px-3 whitespace-pre-wrap', className)}>
          {shown(line)}
        </span>
      ))}
    </>
  );
}

/**
 * A change of one side: the lines it removed struck through, the lines it brought in
 * highlighted, and who made it said in words (not by colour alone).
 */
function Change({
  chunk,
  label,
  tone,
}: {
  chunk: Extract<MergeChunk, { kind: 'mine' | 'theirs' | 'both' }>;
  label: string;
  tone: 'mine' | 'theirs';
}) {
  const { t } = useTranslation();
  const toneClass =
    tone === 'mine'
      ? 'border-sky-500 bg-sky-50 text-sky-950'
      : 'border-green-600 bg-green-50 text-green-950';
  return (
    <div role="group" aria-label={label} className={cn('my-1 border-l-4 py-1', toneClass)}>
      <span className="block px-3 pb-0.5 font-sans text-[11px] font-semibold tracking-wide uppercase">
        {label}
      </span>
      {chunk.base.length > 0 && (
        <del aria-label={t('sharing.update.removed')} className="block text-slate-500">
          <Lines lines={chunk.base} className="line-through" />
        </del>
      )}
      {chunk.lines.length > 0 && (
        <ins aria-label={t('sharing.update.added')} className="block no-underline">
          <Lines lines={chunk.lines} />
        </ins>
      )}
    </div>
  );
}

/** The stretches of a merge that need no choice; `renderConflict` draws the others. */
export function MergeChunks({
  chunks,
  version,
  renderConflict,
}: {
  chunks: readonly MergeChunk[];
  version: number;
  renderConflict: (
    chunk: Extract<MergeChunk, { kind: 'conflict' }>,
    index: number,
  ) => React.ReactNode;
}) {
  const { t } = useTranslation();
  let conflict = 0;
  return (
    <div className="rounded-md border border-slate-200 bg-white py-2 font-mono text-xs leading-5 text-slate-800">
      {chunks.map((chunk, i) => {
        if (chunk.kind === 'same') return <Lines key={i} lines={chunk.lines} />;
        if (chunk.kind === 'conflict')
          return <div key={i}>{renderConflict(chunk, conflict++)}</div>;
        const label =
          chunk.kind === 'mine'
            ? t('sharing.update.yourEdit')
            : chunk.kind === 'theirs'
              ? t('sharing.update.theirChange', { version })
              : t('sharing.update.bothChange');
        return (
          <Change
            key={i}
            chunk={chunk}
            label={label}
            tone={chunk.kind === 'mine' ? 'mine' : 'theirs'}
          />
        );
      })}
    </div>
  );
}
