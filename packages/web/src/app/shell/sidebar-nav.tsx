import {
  Ban,
  Blocks,
  KeyRound,
  Library,
  Sparkles,
  UserRound,
  Workflow,
  type LucideIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { cn } from '../../lib/cn';
import { hasUpdateAvailable, useBlocks } from '../../features/blocks';

interface Item {
  to: string;
  label:
    | 'nav.generator'
    | 'nav.library'
    | 'nav.blocks'
    | 'nav.compositions'
    | 'nav.ignorePatterns'
    | 'nav.accessTokens'
    | 'nav.account';
  icon: LucideIcon;
}

const MAIN: Item[] = [
  { to: '/', label: 'nav.generator', icon: Sparkles },
  { to: '/library', label: 'nav.library', icon: Library },
];
const SETTINGS: Item[] = [
  { to: '/settings/blocks', label: 'nav.blocks', icon: Blocks },
  { to: '/settings/compositions', label: 'nav.compositions', icon: Workflow },
  { to: '/settings/ignore-patterns', label: 'nav.ignorePatterns', icon: Ban },
  { to: '/settings/access-tokens', label: 'nav.accessTokens', icon: KeyRound },
  { to: '/settings/account', label: 'nav.account', icon: UserRound },
];

function NavItem({ to, label, icon: Icon, updates = 0 }: Item & { updates?: number }) {
  const { t } = useTranslation();
  return (
    <li>
      <NavLink
        to={to}
        end={to === '/'}
        className={({ isActive }) =>
          cn(
            'flex items-center gap-2.5 rounded-md px-2.5 py-2 text-sm font-medium transition-colors',
            isActive
              ? 'bg-indigo-50 text-indigo-700'
              : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
          )
        }
      >
        <Icon className="size-4 shrink-0" aria-hidden />
        {t(label)}
        {updates > 0 && (
          <span
            title={t('nav.updatesCount', { count: updates })}
            className="ml-auto inline-flex min-w-5 items-center justify-center rounded-full bg-green-600 px-1.5 text-[11px] leading-5 font-semibold text-white"
          >
            <span aria-hidden>{updates}</span>
            <span className="sr-only">{t('nav.updatesCount', { count: updates })}</span>
          </span>
        )}
      </NavLink>
    </li>
  );
}

/**
 * Navigation: generator, library, then the settings group; the active link is highlighted and
 * Blocks carries the count of updates available.
 */
export function SidebarNav() {
  const { t } = useTranslation();
  // Subscribed blocks with a newer version, counted on the entry of the page that offers them.
  const { data: blocks } = useBlocks();
  const updates = blocks?.filter(hasUpdateAvailable).length ?? 0;
  return (
    <nav aria-label={t('shell.navigation')} className="space-y-5">
      <ul className="space-y-0.5">
        {MAIN.map((item) => (
          <NavItem key={item.to} {...item} />
        ))}
      </ul>
      <div>
        <h2 className="px-2.5 pb-1.5 text-xs font-semibold tracking-wide text-slate-400 uppercase">
          {t('nav.settings')}
        </h2>
        <ul className="space-y-0.5">
          {SETTINGS.map((item) => (
            <NavItem
              key={item.to}
              {...item}
              updates={item.to === '/settings/blocks' ? updates : 0}
            />
          ))}
        </ul>
      </div>
    </nav>
  );
}
