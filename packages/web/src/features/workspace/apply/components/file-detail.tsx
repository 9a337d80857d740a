import type { ApplyFailure, PlannedFile } from '@promptloom/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DiffView } from '#web/components/ui/diff-view.tsx';
import { FilePath } from '#web/components/ui/file-path.tsx';
import { failureText } from '../lib/failure-text';
import type { HeldAfters } from '../lib/held-afters';
import { isPureRename, UNWRITABLE } from '../lib/review';
import { ClosestRegion } from './closest-region';

/** A failed block's reason, with the file's current lines nearest to what it looked for. */
export function FailureItem({ failure }: { failure: ApplyFailure }) {
  const { t } = useTranslation();
  return (
    <li className="rounded-md border border-red-200 bg-red-50 p-2 text-sm text-red-800">
      <p>{failureText(t, failure)}</p>
      {failure.closest && <ClosestRegion closest={failure.closest} />}
    </li>
  );
}

/**
 * One side's header: the path on one line, its folders giving way before its file name (whole
 * in its title and for a screen reader), then which side it is. On one column (narrower than
 * `sm`, as the diff's) its − or + says the side: the words are left to a screen reader, and
 * the line to the file name.
 */
function DiffSide({ path, side }: { path: string; side: string }) {
  return (
    <span className="flex min-w-0 gap-1 whitespace-nowrap">
      <FilePath path={path} />
      <span className="shrink-0 max-sm:sr-only">{side}</span>
    </span>
  );
}

/**
 * A file's new text: its own, or the one the apply worker holds, asked for (null until it
 * comes; a failed ask is logged and shows as no text).
 */
function useAfterText(file: PlannedFile, afters: HeldAfters | null): string | null {
  const held = afters?.has(file) ?? false;
  const [got, setGot] = useState<{ file: PlannedFile; text: string } | null>(null);
  useEffect(() => {
    if (!held || !afters) return;
    let gone = false;
    afters.texts([file]).then(
      (texts) => {
        if (!gone) setGot({ file, text: texts.get(file) ?? '' });
      },
      (error: unknown) => {
        console.error('The new text could not be read', error);
        if (!gone) setGot({ file, text: '' });
      },
    );
    return () => {
      gone = true;
    };
  }, [afters, file, held]);
  if (!held) return file.after ?? '';
  return got?.file === file ? got.text : null;
}

/**
 * The selected file: why it is flagged or failed, or that the answer is in it already (whole
 * or some of its blocks), and its diff; a file the answer is wholly in already has none to show.
 */
export function FileDetail({
  file,
  stale,
  afters = null,
}: {
  file: PlannedFile;
  stale: boolean;
  /** The new texts the apply worker holds. */
  afters?: HeldAfters | null;
}) {
  const { t } = useTranslation();
  const after = useAfterText(file, afters);
  return (
    <div className="flex min-h-0 flex-col gap-2">
      {stale && (
        <p role="alert" className="rounded-md bg-amber-50 p-2 text-sm text-amber-800">
          {t('apply.staleWarning', { path: file.path })}
        </p>
      )}
      {file.status === 'unchanged' ? (
        <p className="rounded-md bg-slate-100 p-2 text-sm text-slate-800">
          {t('apply.alreadyAppliedFile', { path: file.path })}
        </p>
      ) : (
        file.alreadyApplied > 0 && (
          <p className="rounded-md bg-slate-100 p-2 text-sm text-slate-800">
            {t('apply.alreadyAppliedSome', { count: file.alreadyApplied, path: file.path })}
          </p>
        )
      )}
      {file.failures.length > 0 && (
        <ul className="flex flex-col gap-1">
          {file.failures.map((failure, i) => (
            <FailureItem key={i} failure={failure} />
          ))}
        </ul>
      )}
      {!UNWRITABLE.has(file.status) && (
        <DiffView
          key={file.path}
          // In a pane of bounded height (beside the list) its rows give way first.
          className="flex min-h-0 flex-col"
          oldText={file.before ?? ''}
          newText={after}
          oldLabel={t('apply.diff.before', { path: file.oldPath ?? file.path })}
          newLabel={t('apply.diff.after', { path: file.path })}
          oldHeader={
            <DiffSide path={file.oldPath ?? file.path} side={t('apply.diff.beforeSide')} />
          }
          newHeader={<DiffSide path={file.path} side={t('apply.diff.afterSide')} />}
          identicalMessage={
            isPureRename(file) && file.oldPath
              ? t('apply.diff.renamedOnly', { oldPath: file.oldPath })
              : t('apply.diff.identical')
          }
        />
      )}
    </div>
  );
}
