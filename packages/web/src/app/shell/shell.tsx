import type { User } from '@promptloom/core';
import { Menu } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { IconButton } from '../../components/ui/icon-button';
import { cn } from '../../lib/cn';
import { Sidebar } from './sidebar';

const MAIN_ID = 'main-content';

/** The signed-in frame: a fixed 16rem sidebar and a scrolling main area. */
export function Shell({ user }: { user: User }) {
  const { t } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  const menuButton = useRef<HTMLButtonElement>(null);
  const drawer = useRef<HTMLElement>(null);

  // On narrow screens the sidebar is a drawer: following a link closes it.
  useEffect(() => setMenuOpen(false), [pathname]);

  // The open drawer takes the keyboard: focus moves into it, Escape gives it back to the button.
  useEffect(() => {
    if (!menuOpen) return;
    drawer.current?.querySelector<HTMLElement>('a[href], button')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      // A dialog opened from the drawer (clearing the history) takes its own Escape.
      if (event.key !== 'Escape' || document.querySelector('dialog[open]')) return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  return (
    <div className="flex h-full flex-col bg-slate-50">
      {/* The first tab stop, so keyboard users can pass the navigation. */}
      <a
        href={`#${MAIN_ID}`}
        onClick={(event) => {
          event.preventDefault();
          document.getElementById(MAIN_ID)?.focus();
        }}
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:text-sm focus:font-medium focus:text-indigo-700 focus:shadow-lg focus:ring-2 focus:ring-indigo-500"
      >
        {t('shell.skipToContent')}
      </a>
      {/* A banner landmark, so the narrow screen's title bar is not content outside any region. */}
      <header className="sticky top-0 z-30 flex h-12 shrink-0 items-center gap-3 border-b border-slate-200 bg-white px-3 md:hidden">
        <IconButton
          ref={menuButton}
          onClick={() => setMenuOpen((open) => !open)}
          label={t('shell.openMenu')}
          aria-expanded={menuOpen}
          aria-controls="app-sidebar"
          className="rounded-md p-1.5 text-slate-600 hover:bg-slate-100"
        >
          <Menu className="size-5" aria-hidden />
        </IconButton>
        <span className="font-semibold text-slate-900">{t('app.title')}</span>
      </header>
      {menuOpen && (
        <div
          className="fixed inset-0 z-30 bg-black/50 md:hidden"
          aria-hidden
          onClick={() => setMenuOpen(false)}
        />
      )}
      {/* Closed, the drawer is hidden, not only slid away: out of the tab order and of what a
          screen reader reads. It turns visible at once on opening (so focus can move in), hidden
          at the end of the slide out. */}
      <aside
        id="app-sidebar"
        ref={drawer}
        className={cn(
          'fixed inset-y-0 left-0 z-40 w-64 motion-reduce:transition-none md:visible md:translate-x-0',
          menuOpen
            ? 'translate-x-0 transition-transform'
            : 'invisible -translate-x-full transition-[transform,visibility]',
        )}
      >
        <Sidebar user={user} />
      </aside>
      <main
        id={MAIN_ID}
        tabIndex={-1}
        className="min-h-0 flex-1 overflow-y-auto outline-none md:ml-64"
      >
        <Outlet />
      </main>
    </div>
  );
}
