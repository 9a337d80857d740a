import type { ClosestLines } from '@promptloom/core';
import { useTranslation } from 'react-i18next';

/**
 * The file's region nearest to what a failed block looked for, its words marked against the
 * block's: struck, only in the block; underlined, only in the file. Shown, never applied.
 */
export function ClosestRegion({ closest }: { closest: ClosestLines }) {
  const { t } = useTranslation();
  const percent = Math.round(closest.similarity * 100);
  return (
    <figure className="mt-1 flex flex-col gap-1">
      <figcaption className="text-xs text-red-900">
        {closest.startLine === closest.endLine
          ? t('apply.closestRegion.captionLine', { startLine: closest.startLine, percent })
          : t('apply.closestRegion.caption', {
              startLine: closest.startLine,
              endLine: closest.endLine,
              percent,
            })}
      </figcaption>
      <pre className="max-h-40 overflow-auto rounded bg-white p-2 font-mono text-xs break-all whitespace-pre-wrap text-slate-700">
        {closest.words.length === 0
          ? closest.text
          : closest.words.map((word, i) => {
              if (word.kind === 'expected') {
                return (
                  <del
                    key={i}
                    className="bg-red-100 text-red-800"
                    title={t('apply.closestRegion.expected')}
                  >
                    {word.text}
                  </del>
                );
              }
              if (word.kind === 'found') {
                return (
                  <ins
                    key={i}
                    className="bg-emerald-100 text-emerald-900"
                    title={t('apply.closestRegion.found')}
                  >
                    {word.text}
                  </ins>
                );
              }
              return <span key={i}>{word.text}</span>;
            })}
      </pre>
      {closest.words.some((word) => word.kind !== 'same') && (
        <p className="text-xs text-slate-600">{t('apply.closestRegion.legend')}</p>
      )}
    </figure>
  );
}
