import { FileText, Wand2, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';

type NewBlockType = 'STATIC' | 'DYNAMIC_TASK';

/** Step 1 of a new block: a text block or a dynamic task. */
export function BlockTypeStep({ onSelect }: { onSelect: (type: NewBlockType) => void }) {
  const { t } = useTranslation();
  const options: { type: NewBlockType; icon: LucideIcon; title: string; text: string }[] = [
    {
      type: 'STATIC',
      icon: FileText,
      title: t('blocks.modal.typeStatic'),
      text: t('blocks.modal.typeStaticDescription'),
    },
    {
      type: 'DYNAMIC_TASK',
      icon: Wand2,
      title: t('blocks.modal.typeDynamic'),
      text: t('blocks.modal.typeDynamicDescription'),
    },
  ];
  return (
    <div>
      <p className="mb-3 text-sm text-slate-600">{t('blocks.modal.chooseType')}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        {options.map(({ type, icon: Icon, title, text }) => (
          <button
            key={type}
            type="button"
            onClick={() => onSelect(type)}
            className="group flex flex-col items-start gap-2 rounded-lg border border-slate-200 p-4 text-left transition hover:border-indigo-400 hover:bg-indigo-50/50 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            <span className="rounded-md bg-indigo-50 p-2 text-indigo-600 group-hover:bg-indigo-100">
              <Icon className="size-5" aria-hidden />
            </span>
            <span className="font-medium text-slate-900">{title}</span>
            <span className="text-sm text-slate-500">{text}</span>
          </button>
        ))}
      </div>
    </div>
  );
}
