import { useTranslation } from 'react-i18next';
import { Modal } from '#web/components/ui/modal.tsx';
import { useShortcutsDialog } from '../stores/shortcuts-store';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** The `?` dialog: every keyboard shortcut of the workspace and of the file tree. */
export function ShortcutsDialog() {
  const { t } = useTranslation();
  const open = useShortcutsDialog((s) => s.open);
  const mod = isMac ? '⌘' : 'Ctrl';
  const groups: { title: string; rows: [string[], string][] }[] = [
    {
      title: t('shortcuts.workspace'),
      rows: [
        [[mod, 'Enter'], t('shortcuts.generate')],
        [[mod, 'Shift', 'C'], t('shortcuts.copy')],
        [['/'], t('shortcuts.search')],
        [['?'], t('shortcuts.help')],
      ],
    },
    {
      title: t('shortcuts.tree'),
      rows: [
        [['↑', '↓'], t('shortcuts.treeMove')],
        [['→'], t('shortcuts.treeExpand')],
        [['←'], t('shortcuts.treeCollapse')],
        [['Home', 'End'], t('shortcuts.treeEnds')],
        [[t('shortcuts.space')], t('shortcuts.treeToggle')],
        [['a–z'], t('shortcuts.treeTypeAhead')],
      ],
    },
    {
      title: t('shortcuts.composition'),
      rows: [
        [[t('shortcuts.space')], t('shortcuts.blockPick')],
        [['↑', '↓'], t('shortcuts.blockMove')],
      ],
    },
  ];
  return (
    <Modal
      open={open}
      onClose={() => useShortcutsDialog.getState().setOpen(false)}
      title={t('shortcuts.title')}
      size="md"
    >
      <div className="space-y-5">
        {groups.map((group) => (
          <section key={group.title}>
            <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
              {group.title}
            </h3>
            <dl className="mt-2 divide-y divide-slate-100">
              {group.rows.map(([keys, action]) => (
                <div key={action} className="flex items-center justify-between gap-4 py-1.5">
                  <dt className="text-sm text-slate-700">{action}</dt>
                  <dd className="flex shrink-0 gap-1">
                    {keys.map((key) => (
                      <kbd
                        key={key}
                        className="rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-mono text-xs text-slate-700"
                      >
                        {key}
                      </kbd>
                    ))}
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
    </Modal>
  );
}
