import {
  History,
  Library,
  Lock,
  RefreshCcw,
  Settings2,
  Share2,
  Users,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const FEATURES = [
  { key: 'security', icon: Lock },
  { key: 'changes', icon: RefreshCcw },
  { key: 'sharing', icon: Share2 },
  { key: 'subscriptions', icon: Users },
  { key: 'history', icon: History },
  { key: 'configuration', icon: Settings2 },
  { key: 'management', icon: Library },
] as const;

const STEPS = ['connect', 'compose', 'generate', 'apply'] as const;

/**
 * One of the two ways to start: an icon, the title and description of `landing.<texts>`, then
 * its actions. The primary one stands out in the accent colour.
 */
export function StartCard({
  id,
  icon: Icon,
  texts,
  primary = false,
  children,
}: {
  id: string;
  icon: LucideIcon;
  texts: 'selectFolder' | 'standalone';
  primary?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const border = primary ? 'border-indigo-200' : 'border-slate-200';
  const iconBackground = primary ? 'bg-indigo-600' : 'bg-slate-800';
  return (
    <section
      aria-labelledby={id}
      className={`flex flex-col rounded-2xl border ${border} bg-white p-6 shadow-sm`}
    >
      <div
        className={`flex size-11 items-center justify-center rounded-xl ${iconBackground} text-white`}
      >
        <Icon className="size-6" aria-hidden />
      </div>
      <h2 id={id} className="mt-4 text-lg font-semibold">
        {t(`landing.${texts}.title`)}
      </h2>
      <p className="mt-1 flex-1 text-sm text-slate-600">{t(`landing.${texts}.description`)}</p>
      {children}
    </section>
  );
}

/** The projects opened last: choosing one asks for its folder again. */
export function RecentProjects({ names, onReopen }: { names: string[]; onReopen: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="mt-5 border-t border-slate-100 pt-4">
      <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
        {t('landing.recentProjects')}
      </h3>
      <ul className="mt-2 flex flex-wrap gap-2">
        {names.map((name) => (
          <li key={name}>
            <button
              type="button"
              onClick={onReopen}
              title={t('landing.reopenProject', { name })}
              className="rounded-full bg-slate-100 px-3 py-1 font-mono text-xs text-slate-700 hover:bg-indigo-100 hover:text-indigo-700"
            >
              {name}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The four steps from a folder to an applied answer. */
export function WorkflowSteps() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="landing-workflow" className="mt-14">
      <h2 id="landing-workflow" className="text-center text-xl font-semibold">
        {t('landing.workflow.title')}
      </h2>
      <ol className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {STEPS.map((step, index) => (
          <li key={step} className="rounded-xl border border-slate-200 bg-white p-5">
            <span className="flex size-8 items-center justify-center rounded-full bg-indigo-100 text-sm font-bold text-indigo-700">
              {index + 1}
            </span>
            <h3 className="mt-3 font-medium">{t(`landing.workflow.${step}.title`)}</h3>
            <p className="mt-1 text-sm text-slate-600">
              {t(`landing.workflow.${step}.description`)}
            </p>
          </li>
        ))}
      </ol>
      <p className="mt-4 text-center text-sm text-slate-600">{t('landing.workflow.apply.cli')}</p>
    </section>
  );
}

/** What the product offers beyond building a prompt. */
export function FeatureList() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="landing-features" className="mt-14">
      <h2 id="landing-features" className="text-center text-xl font-semibold">
        {t('landing.features.title')}
      </h2>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {FEATURES.map(({ key, icon: Icon }) => (
          <li key={key} className="rounded-xl border border-slate-200 bg-white p-5">
            <Icon className="size-5 text-indigo-600" aria-hidden />
            <h3 className="mt-3 font-medium">{t(`landing.features.${key}.title`)}</h3>
            <p className="mt-1 text-sm text-slate-600">
              {t(`landing.features.${key}.description`)}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
