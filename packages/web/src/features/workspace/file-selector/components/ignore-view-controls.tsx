import { EyeOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '#web/lib/cn.ts';
import { useIgnoreView } from '../../project-files';

/** "Show ignored" and git's core.ignorecase, the two view settings of ignored paths. */
export function IgnoreViewControls({ hiddenCount }: { hiddenCount: number }) {
  const { t } = useTranslation();
  const { showIgnored, ignoreCase, setShowIgnored, setIgnoreCase } = useIgnoreView();
  return (
    <div className="flex items-center gap-3 border-b border-slate-100 px-3 py-1 text-xs text-slate-600">
      <button
        type="button"
        aria-pressed={showIgnored}
        onClick={() => setShowIgnored(!showIgnored)}
        className={cn(
          'flex items-center gap-1 rounded px-1.5 py-0.5 hover:bg-slate-100',
          showIgnored && 'bg-indigo-50 text-indigo-700',
        )}
      >
        <EyeOff className="size-3.5" aria-hidden />
        {t('listing.showIgnored')}
        <span className="text-slate-400 tabular-nums">({hiddenCount})</span>
      </button>
      <label className="flex items-center gap-1">
        <input
          type="checkbox"
          checked={ignoreCase}
          onChange={(event) => setIgnoreCase(event.target.checked)}
          className="size-3.5 accent-indigo-600"
        />
        {t('listing.ignoreCase')}
      </label>
    </div>
  );
}
