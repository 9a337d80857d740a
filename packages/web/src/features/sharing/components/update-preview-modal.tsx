import {
  hasConflictMarkers,
  mergedText,
  mergedTextWithMarkers,
  mergeThreeWay,
  type ConflictChoice,
  type ThreeWayMerge,
} from '@promptloom/core';
import { MessageSquareQuote } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ErrorBox } from '../../../components/ui/error-box';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { useAcceptUpdate, useSubscriptionUpdate } from '../api';
import { ConflictChoiceCard } from './merge/conflict-choice';
import { MergeChunks } from './merge/merge-chunks';
import type { SharingModalProps } from './modal-props';

/**
 * Update preview (decision 098): the new version merged with the subscriber's block from
 * the version they last accepted. A clean merge shows both sides' changes and is accepted as
 * is; conflicts are settled one by one (mine, theirs, both) or by editing the result, and
 * nothing is written before they all are. "Keep my version" writes nothing.
 */
export function UpdatePreviewModal({ open, block, onClose }: SharingModalProps) {
  const { t } = useTranslation();
  const subscription = block.subscription;
  const update = useSubscriptionUpdate(
    open && subscription ? subscription.sharedItemId : null,
    open && subscription ? subscription.id : null,
  );
  const accept = useAcceptUpdate();
  const data = update.data;
  const merge = useMemo(
    () => (data ? mergeThreeWay(data.baseContent, block.content, data.content) : null),
    [data, block.content],
  );
  const [choices, setChoices] = useState<(ConflictChoice | undefined)[]>([]);
  const [edited, setEdited] = useState<string | null>(null);

  const labels = { mine: t('sharing.update.local'), theirs: `v${data?.version ?? ''}` };
  const result = merge ? (edited ?? mergedText(merge, choices)) : null;
  const unsettled = merge ? merge.conflicts - choices.filter(Boolean).length : 0;
  const ready = result !== null && !(edited !== null && hasConflictMarkers(edited));

  // Awaited rather than given callbacks: accepting removes the update that mounted this
  // dialog in some places, and the toast and the close must happen all the same.
  const onAccept = async () => {
    if (!subscription?.sharedItemId || !data || result === null) return;
    try {
      await accept.mutateAsync({
        sharedItemId: subscription.sharedItemId,
        subscriptionId: subscription.id,
        body: { baseVersion: data.baseVersion, version: data.version, content: result },
      });
      toast.success(t('sharing.update.applied'));
      onClose();
    } catch (err) {
      toast.error(errorMessage(err, t('sharing.update.error')));
      // A stale preview is merged again from the current base.
      setChoices([]);
      setEdited(null);
      void update.refetch();
    }
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      size="xl"
      title={t('sharing.update.title')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('sharing.update.keep')}
          </Button>
          <Button onClick={() => void onAccept()} busy={accept.isPending} disabled={!ready}>
            {accept.isPending ? t('sharing.update.accepting') : t('sharing.update.accept')}
          </Button>
        </>
      }
    >
      <h3 className="mb-1 font-medium text-slate-900">
        {t('sharing.update.header', { name: block.name })}
      </h3>
      {update.isPending ? (
        <div className="flex justify-center py-10 text-indigo-600">
          <Spinner className="size-6" label={t('common.loading')} />
        </div>
      ) : update.error || !data || !merge ? (
        <ErrorBox message={errorMessage(update.error)} />
      ) : (
        <div className="space-y-4">
          <p className="text-sm text-slate-600">
            {t('sharing.update.keepHint', { version: data.baseVersion })}
          </p>
          {data.versionNotes && <AuthorNotes notes={data.versionNotes} />}
          <MergeResult
            merge={merge}
            version={data.version}
            unchanged={block.content === result && merge.conflicts === 0}
            choices={choices}
            onChoose={(index, choice) =>
              setChoices((previous) => {
                const next = [...previous];
                next[index] = choice;
                return next;
              })
            }
            edited={edited}
            onEdit={setEdited}
            labels={labels}
            unsettled={unsettled}
          />
        </div>
      )}
    </Modal>
  );
}

function AuthorNotes({ notes }: { notes: string }) {
  const { t } = useTranslation();
  return (
    <figure className="rounded-lg border border-indigo-100 bg-indigo-50 p-3">
      <figcaption className="mb-1 flex items-center gap-1.5 text-xs font-semibold text-indigo-800">
        <MessageSquareQuote className="size-4" aria-hidden />
        {t('sharing.update.authorNotes')}
      </figcaption>
      <blockquote className="text-sm whitespace-pre-line text-indigo-950">{notes}</blockquote>
    </figure>
  );
}

/**
 * The merged result: the merge's chunks with a choice card per conflict, or the result as
 * text with conflict markers while the subscriber edits it, and what is left to settle.
 */
function MergeResult({
  merge,
  version,
  unchanged,
  choices,
  onChoose,
  edited,
  onEdit,
  labels,
  unsettled,
}: {
  merge: ThreeWayMerge;
  version: number;
  /** The merge leaves the subscriber's block as it is. */
  unchanged: boolean;
  choices: (ConflictChoice | undefined)[];
  onChoose: (index: number, choice: ConflictChoice) => void;
  edited: string | null;
  onEdit: (text: string | null) => void;
  labels: { mine: string; theirs: string };
  unsettled: number;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="merge-result-title" className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 id="merge-result-title" className="text-sm font-semibold text-slate-900">
          {t('sharing.update.mergedTitle')}
        </h4>
        <Button
          size="sm"
          variant="secondary"
          onClick={() =>
            onEdit(edited === null ? mergedTextWithMarkers(merge, choices, labels) : null)
          }
        >
          {edited === null ? t('sharing.update.editResult') : t('sharing.update.stopEditing')}
        </Button>
      </div>
      <p role="status" className="text-sm text-slate-600">
        {edited !== null
          ? hasConflictMarkers(edited)
            ? t('sharing.update.markersLeft')
            : t('sharing.update.editedReady')
          : unsettled > 0
            ? t('sharing.update.conflictsLeft', { count: unsettled })
            : merge.conflicts > 0
              ? t('sharing.update.conflictsSettled')
              : t('sharing.update.mergedHint', { version })}
      </p>
      {edited !== null ? (
        <textarea
          aria-label={t('sharing.update.editLabel')}
          value={edited}
          onChange={(event) => onEdit(event.target.value)}
          rows={14}
          spellCheck={false}
          className="block w-full rounded-md border border-slate-300 p-2 font-mono text-xs focus:border-indigo-500 focus:ring-2 focus:ring-indigo-200 focus:outline-none"
        />
      ) : unchanged ? (
        <p className="rounded-md border border-slate-200 bg-slate-50 px-4 py-6 text-center text-sm text-slate-600">
          {t('sharing.update.noChange')}
        </p>
      ) : (
        <MergeChunks
          chunks={merge.chunks}
          version={version}
          renderConflict={(chunk, index) => (
            <ConflictChoiceCard
              chunk={chunk}
              index={index}
              count={merge.conflicts}
              version={version}
              choice={choices[index]}
              onChoose={(choice) => onChoose(index, choice)}
            />
          )}
        />
      )}
    </section>
  );
}
