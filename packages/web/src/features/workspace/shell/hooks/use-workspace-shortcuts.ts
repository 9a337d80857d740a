import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '#web/lib/toast.ts';
import { useSessionStore } from '../../session';
import { useFileView } from '../../project-files';
import { useGeneratePrompt, usePromptView } from '../../generation';
import { useShortcutsDialog } from '../stores/shortcuts-store';

/** A field where `/` and `?` are text, not commands. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) {
    return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes(
      target.type,
    );
  }
  // Last: reading it brings the page's style up to date, a recalculation on every key
  // while a count's progress changes the page.
  return target.isContentEditable;
}

const dialogOpen = () => document.querySelector('dialog[open]') !== null;

/**
 * The workspace's keyboard shortcuts, listed by the `?` dialog:
 * Ctrl/Cmd+Enter generates (from anywhere, the request box included), Ctrl/Cmd+Shift+C
 * copies the last generated prompt, `/` focuses the file search and `?` lists the
 * shortcuts (those two not while typing). None acts while a dialog is open.
 */
export function useWorkspaceShortcuts(): void {
  const { t } = useTranslation();
  const { generate } = useGeneratePrompt();
  const isProject = useSessionStore((s) => s.sessionMode === 'PROJECT');

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing || dialogOpen()) return;
      const command = event.ctrlKey || event.metaKey;
      if (command && !event.shiftKey && !event.altKey && event.key === 'Enter') {
        event.preventDefault();
        void generate();
        return;
      }
      if (command && event.shiftKey && !event.altKey && event.key.toLowerCase() === 'c') {
        event.preventDefault();
        const prompt = usePromptView.getState().lastPrompt;
        if (!prompt) {
          toast.info(t('shortcuts.nothingToCopy'));
          return;
        }
        navigator.clipboard.writeText(prompt).then(
          () => toast.success(t('shortcuts.copied')),
          () => toast.error(t('promptViewer.copyFailed')),
        );
        return;
      }
      if (command || event.altKey || isTyping(event.target)) return;
      if (event.key === '/' && isProject) {
        event.preventDefault();
        useFileView.getState().requestSearch();
      } else if (event.key === '?') {
        event.preventDefault();
        useShortcutsDialog.getState().setOpen(true);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [generate, isProject, t]);
}
