import type { User } from '@promptloom/core';
import { Layers } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { version } from '../../../package.json';
import { HistorySlot } from './history-slot';
import { LanguageSelector } from '../../components/ui/language-selector';
import { SidebarNav } from './sidebar-nav';
import { ThemeSelector } from '../../components/ui/theme-selector';
import { UserCard } from './user-card';

export function Sidebar({ user }: { user: User }) {
  const { t } = useTranslation();
  return (
    <div className="flex h-full flex-col border-r border-slate-200 bg-white">
      <div className="flex items-center gap-2.5 px-4 pt-5 pb-4">
        <span className="flex size-8 items-center justify-center rounded-lg bg-indigo-600 text-white">
          <Layers className="size-4.5" aria-hidden />
        </span>
        <div className="min-w-0">
          <p className="truncate text-base leading-tight font-semibold text-slate-900">
            {t('app.title')}
          </p>
          <p className="text-xs text-slate-500">{t('shell.version', { version })}</p>
        </div>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-3">
        <SidebarNav />
        <HistorySlot />
      </div>
      <div className="space-y-3 border-t border-slate-200 p-3">
        <LanguageSelector />
        <ThemeSelector />
        <UserCard user={user} />
      </div>
    </div>
  );
}
