import {
  PROMPT_SECTION_SEPARATOR,
  rendererFor,
  renderTree,
  type FileTreeNode,
} from '@promptloom/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

const node = (path: string, children?: FileTreeNode[]): FileTreeNode => ({
  type: children ? 'directory' : 'file',
  name: path.split('/').pop() ?? path,
  path,
  size: 0,
  mtime: 0,
  children,
});

const EXAMPLE_TREE = renderTree(
  node('my-app', [
    node('src', [
      node('src/api', [node('src/api/users.ts')]),
      node('src/components', [node('src/components/user-card.tsx')]),
    ]),
    node('package.json'),
  ]),
);

const EXAMPLE_FILE = {
  path: 'src/api/users.ts',
  mode: 'full' as const,
  content: "export async function listUsers() {\n  return db.select().from('users');\n}\n",
};

/**
 * The example output of the getting-started page, written by core's prompt renderer (the
 * default "sections" format) from a text block, the project structure, one selected file and
 * the task, exactly as Generate would write them.
 */
export function ExamplePrompt() {
  const { t } = useTranslation();
  const lines = useMemo(() => {
    const renderer = rendererFor('sections');
    const files = renderer.filesOpen + renderer.file(EXAMPLE_FILE) + renderer.filesClose;
    return [
      renderer.part({ kind: 'text', text: t('landing.example.roleBody') }),
      renderer.part({ kind: 'structure', tree: EXAMPLE_TREE }),
      files,
      renderer.part({ kind: 'task', text: t('landing.example.taskBody') }),
    ]
      .join(renderer.separator)
      .split('\n');
  }, [t]);

  return (
    <section aria-labelledby="landing-example" className="mt-14">
      <h2 id="landing-example" className="text-center text-xl font-semibold">
        {t('landing.example.title')}
      </h2>
      <p className="mt-1 text-center text-sm text-slate-600">{t('landing.example.subtitle')}</p>
      <div className="mx-auto mt-6 max-w-3xl overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
        <div className="flex items-center gap-1.5 border-b border-slate-200 bg-slate-50 px-4 py-2.5">
          <span className="size-2.5 rounded-full bg-red-400" aria-hidden />
          <span className="size-2.5 rounded-full bg-amber-400" aria-hidden />
          <span className="size-2.5 rounded-full bg-green-400" aria-hidden />
          <span className="ml-3 text-xs text-slate-600">prompt.txt</span>
        </div>
        <pre
          data-testid="example-prompt"
          tabIndex={0}
          aria-label={t('landing.example.title')}
          className="overflow-x-auto p-5 font-mono text-xs leading-relaxed text-slate-800"
        >
          {lines.map((line, index) => (
            <span
              key={index}
              className={line === PROMPT_SECTION_SEPARATOR ? 'text-slate-500' : undefined}
            >
              {line}
              {'\n'}
            </span>
          ))}
        </pre>
      </div>
    </section>
  );
}
