import { PROMPT_SECTION_SEPARATOR, renderTree, type FileTreeNode } from '@promptloom/core';
import { useTranslation } from 'react-i18next';

const SEPARATOR = PROMPT_SECTION_SEPARATOR.slice(0, 40);

const node = (path: string, children?: FileTreeNode[]): FileTreeNode => ({
  type: children ? 'directory' : 'file',
  name: path.split('/').pop() ?? path,
  path,
  size: 0,
  mtime: 0,
  children,
});

/** Rendered by core exactly as the PROJECT_STRUCTURE section of a real prompt. */
const EXAMPLE_TREE = renderTree(
  node('my-app', [
    node('src', [
      node('src/api', [node('src/api/users.ts')]),
      node('src/components', [node('src/components/user-card.tsx')]),
    ]),
    node('package.json'),
  ]),
);

/** The example output of the getting-started page: role, structure and task sections. */
export function ExamplePrompt() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="landing-example" className="mt-14">
      <h2 id="landing-example" className="text-center text-xl font-semibold">
        {t('landing.example.title')}
      </h2>
      <p className="mt-1 text-center text-sm text-slate-600">{t('landing.example.subtitle')}</p>
      <div className="mx-auto mt-6 max-w-3xl overflow-hidden rounded-xl border border-slate-800 bg-slate-900 shadow-lg">
        <div className="flex items-center gap-1.5 border-b border-slate-700 px-4 py-2.5">
          <span className="size-2.5 rounded-full bg-red-400" />
          <span className="size-2.5 rounded-full bg-amber-400" />
          <span className="size-2.5 rounded-full bg-green-400" />
          <span className="ml-3 text-xs text-slate-400">prompt.txt</span>
        </div>
        <pre className="overflow-x-auto p-5 font-mono text-xs leading-relaxed text-slate-200">
          <span className="text-indigo-300">{t('landing.example.roleTitle')}</span>
          {'\n'}
          {t('landing.example.roleBody')}
          {'\n'}
          <span className="text-slate-500">{SEPARATOR}</span>
          {'\n'}
          <span className="text-emerald-300">{t('landing.example.structureTitle')}</span>
          {'\n'}
          {EXAMPLE_TREE}
          {'\n'}
          <span className="text-slate-500">{SEPARATOR}</span>
          {'\n'}
          <span className="text-amber-300">{t('landing.example.taskTitle')}</span>
          {'\n'}
          {t('landing.example.taskBody')}
        </pre>
      </div>
    </section>
  );
}
