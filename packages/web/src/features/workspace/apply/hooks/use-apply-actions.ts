import { planToPatch } from '@promptloom/core';
import { useTranslation } from 'react-i18next';
import { confirm } from '#web/components/ui/confirm-dialog.tsx';
import { downloadText } from '#web/lib/download.ts';
import { keyFramesDrawn, yieldToBrowser } from '#web/lib/yield-to-browser.ts';
import { toast } from '#web/lib/toast.ts';
import {
  markAsPrompted,
  useChangesSource,
  useConnectionStore,
  useFileTree,
} from '../../project-files';
import { useSessionStore } from '../../session';
import { answerPlanner } from '../lib/answer-planner';
import { isCancelled } from '../lib/cancelled-read';
import { type ApplyRecord, removeApply, saveApply } from '../lib/apply-records';
import { batchReader, ensureWritePermission, statHandleFile } from '../lib/folder-io';
import { withAfters } from '../lib/held-afters';
import { lostTexts, reviewAnswer, UNWRITABLE, unwritten } from '../lib/review';
import { restoredAsPrompted } from '../lib/undo-flags';
import { undoChanges, writeChanges } from '../lib/write-changes';
import { applyActions, currentAnswer, useApplyStore } from '../stores/apply-store';
import { appliesChanged } from './use-project-applies';

/** Runs one action with the dialog busy; a failure is logged and told in `failed`. */
async function runBusy(work: () => Promise<void>, failed: string): Promise<void> {
  useApplyStore.setState({ busy: true });
  try {
    await work();
  } catch (error) {
    console.error('Applying the answer failed', error);
    toast.error(failed);
  } finally {
    useApplyStore.setState({ busy: false });
  }
}

/** The reviewed files still ticked that can be written. */
function checkedFiles() {
  const { review } = useApplyStore.getState();
  if (!review) return [];
  return review.plan.files.filter((f) => !UNWRITABLE.has(f.status) && review.checked.has(f.path));
}

/** What the dialog's buttons do: read the answer, write or download it, undo an apply. */
export function useApplyActions() {
  const { t } = useTranslation();
  const projectName = useSessionStore((s) => s.projectName);
  const provider = useConnectionStore((s) => s.provider);
  const handle = useConnectionStore((s) => s.handle);
  const tree = useFileTree();
  const canWrite = handle !== null;

  const run = (work: () => Promise<void>) => runBusy(work, t('apply.error'));

  const statOf = (path: string) => tree.data?.index.stats.get(path);

  const read = () =>
    run(async () => {
      if (!provider || !projectName) return;
      const reading = new AbortController();
      useApplyStore.setState({ reading });
      try {
        const review = await reviewAnswer(currentAnswer(), {
          read: batchReader(provider, handle),
          previous: useChangesSource.getState().prompts[projectName] ?? null,
          statOf,
          planner: answerPlanner(),
          signal: reading.signal,
          knownPaths: tree.data?.index.filePaths,
        });
        // The review's first render in a task of its own, after any key's frame.
        await keyFramesDrawn();
        await yieldToBrowser();
        reading.signal.throwIfAborted();
        const first = review.plan.files[0]?.path ?? null;
        useApplyStore.setState({ review, selected: first });
      } catch (error) {
        // Cancel (or closing the dialog) stops the read: nothing to report.
        if (!isCancelled(error)) throw error;
      } finally {
        useApplyStore.setState({ reading: null });
      }
    });

  const write = () =>
    run(async () => {
      const { review } = useApplyStore.getState();
      if (!handle || !projectName || !review) return;
      const files = checkedFiles();
      // Texts the write loses (a file deleted, or one a moved file replaces): asked first.
      const lost = lostTexts(files);
      if (lost.length > 0) {
        const ok = await confirm({
          title: t('apply.confirmDelete.title'),
          message: t('apply.confirmDelete.message', { paths: lost.join(', ') }),
          confirmText: t('apply.confirmDelete.confirm'),
        });
        if (!ok) return;
      }
      if (!(await ensureWritePermission(handle))) {
        toast.error(t('apply.permissionDenied'));
        return;
      }
      // The new texts the apply worker holds come now, for the files written.
      const texts = await withAfters(files, review.afters);
      const outcome = await writeChanges(handle, projectName, texts, review.reviewed, statOf);
      outcome.notWritten.push(...unwritten(review));
      if (outcome.record) await saveApply(outcome.record);
      appliesChanged();
      useApplyStore.setState({ written: outcome });
      void tree.refetch();
    });

  const undo = (record: ApplyRecord) =>
    run(async () => {
      if (!handle) return;
      if (!(await ensureWritePermission(handle))) {
        toast.error(t('apply.permissionDenied'));
        return;
      }
      const outcome = await undoChanges(handle, record);
      await removeApply(record.projectName, record.id);
      appliesChanged();
      const previous = useChangesSource.getState().prompts[record.projectName] ?? null;
      markAsPrompted(
        record.projectName,
        await restoredAsPrompted(record.files, outcome.restored, previous, (path) =>
          statHandleFile(handle, path),
        ),
      );
      useApplyStore.setState({ undone: outcome });
      void tree.refetch();
    });

  const downloadPatch = () =>
    run(async () => {
      const { review } = useApplyStore.getState();
      if (!review) return;
      const files = await withAfters(checkedFiles(), review.afters);
      downloadText(
        `${projectName ?? 'answer'}.patch`,
        planToPatch({ files, failures: review.plan.failures }),
        'text/x-diff',
      );
    });

  return {
    canWrite,
    read,
    cancelRead: applyActions.cancelRead,
    write,
    undo,
    downloadPatch,
    close: applyActions.close,
  };
}
