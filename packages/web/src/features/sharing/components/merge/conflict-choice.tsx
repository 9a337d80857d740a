import type { ConflictChoice, MergeChunk } from '@promptloom/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '#web/lib/cn.ts';

const CHOICES: ConflictChoice[] = ['mine', 'theirs', 'both'];

function Side({ title, lines }: { title: string; lines: readonly string[] }) {
  return (
    <figure className="min-w-0 rounded border border-slate-200 bg-white">
      <figcaption className="border-b border-slate-200 px-2 py-1 font-sans text-[11px] font-semibold text-slate-600">
        {title}
      </figcaption>
      <pre className="overflow-x-auto px-2 py-1 whitespace-pre-wrap">
        {lines.map((line) => line.replace(/\r?\n$/, '')).join('\n') || '\u00a0'}
      </pre>
    </figure>
  );
}

/**
 * One conflict: both sides next to each other (stacked on a narrow screen) and a choice of
 * mine, theirs or both, as native radio buttons (arrow keys move between them).
 */
export function ConflictChoiceCard({
  chunk,
  index,
  count,
  version,
  choice,
  onChoose,
}: {
  chunk: Extract<MergeChunk, { kind: 'conflict' }>;
  index: number;
  count: number;
  version: number;
  choice: ConflictChoice | undefined;
  onChoose: (choice: ConflictChoice) => void;
}) {
  const { t } = useTranslation();
  const name = useId();
  return (
    <fieldset
      className={cn(
        'my-2 mx-2 rounded-md border-2 p-2 font-sans',
        choice ? 'border-slate-200 bg-slate-50' : 'border-amber-400 bg-amber-50',
      )}
    >
      <legend className="px-1 text-xs font-semibold text-slate-900">
        {t('sharing.update.conflictTitle', { index: index + 1, count })}
      </legend>
      <p className="mb-2 text-xs text-slate-600">{t('sharing.update.conflictHint')}</p>
      <div className="grid grid-cols-1 gap-2 font-mono text-xs sm:grid-cols-2">
        <Side title={t('sharing.update.local')} lines={chunk.mine} />
        <Side title={t('sharing.update.shared', { version })} lines={chunk.theirs} />
      </div>
      <div className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {CHOICES.map((value) => (
          <label key={value} className="inline-flex items-center gap-1.5 py-1">
            <input
              type="radio"
              name={name}
              value={value}
              checked={choice === value}
              onChange={() => onChoose(value)}
              className="size-4 accent-indigo-600"
            />
            {t(`sharing.update.choose.${value}`)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
