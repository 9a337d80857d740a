import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '#web/lib/cn.ts';
import type { PanesProps } from './wide-panes';
import { useFileView } from '../../project-files';

type PaneId = 'blocks' | 'composition' | 'files';

/**
 * Below 768 px (docs/decisions/028): one pane at a time behind the tabs Blocks / Composition /
 * Files (ARIA tabs: arrow keys move between tabs). The hidden panes stay mounted so the tree
 * keeps its scroll and expansion and the composition its drafts.
 */
export function NarrowTabs({ library, composition, files }: PanesProps) {
  const { t } = useTranslation();
  const baseId = useId();
  const panes: { id: PaneId; label: string; content: ReactNode }[] = [
    { id: 'blocks', label: t('workspace.panes.blocks'), content: library },
    { id: 'composition', label: t('workspace.panes.composition'), content: composition },
    ...(files ? [{ id: 'files' as const, label: t('workspace.panes.files'), content: files }] : []),
  ];
  const [active, setActive] = useState<PaneId>('composition');
  const tabRefs = useRef(new Map<PaneId, HTMLButtonElement>());
  const current = panes.some((p) => p.id === active) ? active : 'composition';
  // The `/` shortcut shows the Files pane, whose search takes the focus.
  const searchRequest = useFileView((s) => s.searchRequest);
  useEffect(() => {
    if (searchRequest > 0) setActive('files');
  }, [searchRequest]);

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const last = panes.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const id = panes[next]!.id;
    setActive(id);
    tabRefs.current.get(id)?.focus();
  };

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div
        role="tablist"
        aria-label={t('workspace.panes.label')}
        className="flex shrink-0 border-b border-slate-200 bg-white"
      >
        {panes.map((pane, index) => (
          <button
            key={pane.id}
            ref={(el) => {
              if (el) tabRefs.current.set(pane.id, el);
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${pane.id}`}
            aria-selected={pane.id === current}
            aria-controls={`${baseId}-panel-${pane.id}`}
            tabIndex={pane.id === current ? 0 : -1}
            onClick={() => setActive(pane.id)}
            onKeyDown={(event) => onKeyDown(event, index)}
            className={cn(
              'flex-1 border-b-2 px-3 py-2.5 text-sm font-medium',
              pane.id === current
                ? 'border-indigo-600 text-indigo-700'
                : 'border-transparent text-slate-600 hover:text-slate-900',
            )}
          >
            {pane.label}
          </button>
        ))}
      </div>
      {panes.map((pane) => (
        <div
          key={pane.id}
          role="tabpanel"
          id={`${baseId}-panel-${pane.id}`}
          aria-labelledby={`${baseId}-tab-${pane.id}`}
          hidden={pane.id !== current}
          className="min-h-0 flex-1"
        >
          {pane.content}
        </div>
      ))}
    </div>
  );
}
