import { ChevronDown, FileDown, Search } from 'lucide-react';
import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { errorMessage } from '../../../lib/error-message';
import { useOutsidePress } from '../../../lib/use-outside-press';
import { useTemplateNames } from '../api';

/** `community/JavaScript/Vue` → label `Vue`, group `community · JavaScript`. */
function describe(name: string) {
  const parts = name.split('/');
  return { label: parts.at(-1) ?? name, group: parts.slice(0, -1).join(' · ') };
}

/** The searchable template dropdown, a combobox with a listbox and an empty state. */
export function TemplatePicker({ onPick }: { onPick: (name: string) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const { data: names, isPending, error } = useTemplateNames();

  const matches = useMemo(() => {
    const needle = query.trim().toLowerCase();
    return (names ?? []).filter((name) => name.toLowerCase().includes(needle));
  }, [names, query]);

  useOutsidePress(rootRef, open, setOpen);

  useEffect(() => {
    listRef.current
      ?.querySelector(`[data-index="${active}"]`)
      ?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  const pick = (name: string) => {
    setOpen(false);
    setQuery('');
    onPick(name);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => Math.min(Math.max(i + step, 0), Math.max(matches.length - 1, 0)));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const name = matches[active];
      if (name) pick(name);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    }
  };

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="listbox"
        aria-expanded={open}
        onClick={() => {
          setOpen((o) => !o);
          setActive(0);
        }}
        className="inline-flex h-full w-full items-center justify-between gap-2 rounded-md bg-white px-3.5 py-2 text-sm font-medium text-slate-700 ring-1 ring-slate-300 ring-inset hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 sm:w-auto"
      >
        <FileDown className="size-4 text-slate-500" aria-hidden />
        {t('ignorePatterns.loadTemplate')}
        <ChevronDown className="size-4 text-slate-400" aria-hidden />
      </button>

      {open && (
        <div className="absolute right-0 z-20 mt-2 w-80 max-w-[calc(100vw-2rem)] rounded-lg border border-slate-200 bg-white shadow-xl">
          <div className="relative border-b border-slate-200 p-2">
            <Search
              className="pointer-events-none absolute top-1/2 left-4 size-4 -translate-y-1/2 text-slate-400"
              aria-hidden
            />
            <input
              autoFocus
              role="combobox"
              aria-label={t('ignorePatterns.templateSearch')}
              aria-expanded
              aria-controls={listId}
              aria-autocomplete="list"
              aria-activedescendant={matches[active] ? `${listId}-${active}` : undefined}
              value={query}
              onChange={(event) => {
                setQuery(event.target.value);
                setActive(0);
              }}
              onKeyDown={onKeyDown}
              placeholder={t('ignorePatterns.templateSearchPlaceholder')}
              className="w-full rounded-md border border-slate-300 py-1.5 pr-2 pl-8 text-sm focus:border-indigo-500 focus:ring-2 focus:ring-indigo-200 focus:outline-none"
            />
          </div>
          {isPending ? (
            <div className="flex justify-center py-6 text-indigo-600">
              <Spinner label={t('common.loading')} />
            </div>
          ) : error ? (
            <p role="alert" className="p-4 text-sm text-red-600">
              {errorMessage(error, t('ignorePatterns.templatesError'))}
            </p>
          ) : (
            <TemplateOptions
              listRef={listRef}
              listId={listId}
              matches={matches}
              active={active}
              onHover={setActive}
              onPick={pick}
            />
          )}
        </div>
      )}
    </div>
  );
}

/** The templates that match the search, as options of the combobox's listbox. */
function TemplateOptions({
  listRef,
  listId,
  matches,
  active,
  onHover,
  onPick,
}: {
  listRef: RefObject<HTMLUListElement | null>;
  listId: string;
  matches: string[];
  active: number;
  onHover: (index: number) => void;
  onPick: (name: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <ul
      ref={listRef}
      id={listId}
      role="listbox"
      aria-label={t('ignorePatterns.templates')}
      className="max-h-72 overflow-y-auto py-1"
    >
      {matches.length === 0 && (
        <li role="presentation" className="px-4 py-6 text-center text-sm text-slate-500">
          {t('ignorePatterns.noTemplate')}
        </li>
      )}
      {matches.map((name, index) => {
        const { label, group } = describe(name);
        return (
          <li
            key={name}
            id={`${listId}-${index}`}
            data-index={index}
            role="option"
            aria-selected={index === active}
            onMouseEnter={() => onHover(index)}
            onClick={() => onPick(name)}
            className={cn(
              'flex cursor-pointer items-center justify-between gap-3 px-3 py-1.5 text-sm',
              index === active ? 'bg-indigo-50 text-indigo-900' : 'text-slate-700',
            )}
          >
            <span className="truncate">{label}</span>
            {group && <span className="shrink-0 text-xs text-slate-400">{group}</span>}
          </li>
        );
      })}
    </ul>
  );
}
