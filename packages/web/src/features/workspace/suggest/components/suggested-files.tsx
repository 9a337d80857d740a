import { X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { FilePath } from '#web/components/ui/file-path.tsx';
import { IconButton } from '#web/components/ui/icon-button.tsx';
import { PendingCount } from '#web/components/ui/pending-count.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useFormatNumber } from '#web/lib/format.ts';
import { useRanking } from '../hooks/use-ranking';
import { useRowCosts } from '../hooks/use-row-costs';
import { useSelectSuggested } from '../hooks/use-select-suggested';
import { useSuggestStore } from '../stores/suggest-store';
import { IndexProgress } from './index-progress';
import { ReasonList } from './reason-list';

/**
 * The "Suggested files" region, under the request while it is open: the index's progress (or
 * that the files are being ranked), then the ranked files (each ticked, with its tokens and its
 * reasons) and "Select suggested".
 */
export function SuggestedFiles({ id }: { id: string }) {
  const open = useSuggestStore((s) => s.open);
  if (!open) return null;
  return <OpenRegion id={id} />;
}

function OpenRegion({ id }: { id: string }) {
  const { t } = useTranslation();
  const format = useFormatNumber();
  useRanking();
  const status = useSuggestStore((s) => s.status);
  const ranked = useSuggestStore((s) => s.ranked);
  const ranking = useSuggestStore((s) => s.ranking);
  const rankFailed = useSuggestStore((s) => s.rankFailed);
  const unchecked = useSuggestStore((s) => s.unchecked);
  const costs = useRowCosts(ranked?.map((file) => file.path) ?? []);
  const select = useSelectSuggested();
  const ticked = ranked?.filter((file) => !unchecked.has(file.path)) ?? [];
  const busy =
    status !== 'ready' || ranking || (!ranked && !rankFailed) || (!!ranked?.length && !costs);
  const titleId = `${id}-title`;
  const sectionRef = useRef<HTMLElement>(null);
  const shown = ranked !== null;
  // The region opens under the request, often below the composition's fold: it is brought into
  // view as it opens, and again when its rows land and make it taller.
  useEffect(() => {
    sectionRef.current?.scrollIntoView({ block: 'nearest' });
  }, [shown]);

  return (
    <section
      ref={sectionRef}
      id={id}
      aria-labelledby={titleId}
      aria-busy={busy}
      className="mt-3 rounded-md border border-indigo-200 bg-indigo-50/40 p-3"
    >
      <header className="flex items-center justify-between gap-2">
        <h3 id={titleId} className="text-sm font-semibold text-slate-900">
          {t('suggest.region')}
        </h3>
        <IconButton
          label={t('suggest.close')}
          onClick={() => {
            // The region leaves with this button: focus goes back to the button that opened
            // it (Suggest files controls the region) rather than falling to the page.
            const opener = document.querySelector<HTMLElement>(`[aria-controls="${id}"]`);
            useSuggestStore.getState().setOpen(false);
            opener?.focus();
          }}
          className="rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
        >
          <X className="size-4" aria-hidden />
        </IconButton>
      </header>
      {/* A refresh indexes again: the last ranking stays shown under the progress meanwhile. */}
      {status !== 'ready' && <IndexProgress />}
      {/* Ranking, or waiting for the request to settle: said, not only an empty region. */}
      {status === 'ready' && rankFailed && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {t('suggest.rankFailed')}
        </p>
      )}
      {status === 'ready' && !rankFailed && (ranking || !ranked) && (
        <p className="mt-2 flex items-center gap-1.5 text-xs text-slate-600">
          <Spinner className="size-3.5 text-indigo-600" />
          {t('suggest.ranking')}
        </p>
      )}
      {!ranked ? null : ranked.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{t('suggest.none')}</p>
      ) : (
        <ol className="mt-2 space-y-1.5">
          {ranked.map((file) => {
            const tokens = costs?.get(file.path)?.full;
            return (
              <li key={file.path} className="flex items-start gap-2 text-sm">
                <input
                  type="checkbox"
                  aria-label={file.path}
                  checked={!unchecked.has(file.path)}
                  onChange={(event) =>
                    useSuggestStore.getState().toggle(file.path, event.target.checked)
                  }
                  className="mt-0.5 size-3.5 shrink-0 cursor-pointer rounded border-slate-300 accent-indigo-600"
                />
                <div className="min-w-0 flex-1">
                  <div className="flex items-baseline justify-between gap-2">
                    <FilePath path={file.path} className="text-xs text-slate-800" />
                    <span className="shrink-0 font-mono text-[11px] text-slate-500">
                      {tokens === undefined ? (
                        <PendingCount />
                      ) : (
                        t('suggest.tokens', { count: tokens, formatted: format(tokens) })
                      )}
                    </span>
                  </div>
                  <ReasonList reasons={file.reasons} />
                </div>
              </li>
            );
          })}
        </ol>
      )}
      {/* Nothing to select once no file matches: the empty answer stands alone. */}
      {ranked?.length !== 0 && (
        <div className="mt-3 flex justify-end">
          <Button
            size="sm"
            disabled={busy || ticked.length === 0}
            onClick={() => costs && select(ticked, costs)}
          >
            {t('suggest.select')}
          </Button>
        </div>
      )}
    </section>
  );
}
