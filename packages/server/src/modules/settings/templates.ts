import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseGitignoreTemplate, type IgnoreCategory } from '@promptloom/core';
import { SERVER_PACKAGE_DIR } from '../../package-dir';

/** The bundled collection (templates/build-gitignore-templates.ts writes it). */
interface TemplateFile {
  source: string;
  templates: Record<string, string>;
}

interface TemplateStore {
  names: string[];
  /** Changes whenever the bundled collection does: the HTTP validator of every answer. */
  etag: string;
  get(name: string): IgnoreCategory[] | null;
}

let store: TemplateStore | null = null;

/** Read once, on first use; parsed templates are kept, since they never change at run time. */
export function gitignoreTemplates(): TemplateStore {
  if (store) return store;
  const raw = readFileSync(
    path.join(SERVER_PACKAGE_DIR, 'src/modules/settings/templates/gitignore-templates.json'),
    'utf8',
  );
  const { templates } = JSON.parse(raw) as TemplateFile;
  const parsed = new Map<string, IgnoreCategory[]>();
  store = {
    names: Object.keys(templates),
    etag: `"${createHash('sha256').update(raw).digest('base64url').slice(0, 27)}"`,
    get(name) {
      if (!Object.hasOwn(templates, name)) return null;
      let categories = parsed.get(name);
      if (!categories) {
        // Names like `Global/macOS` are shown as `macOS` in category headers.
        categories = parseGitignoreTemplate(name.split('/').at(-1) ?? name, templates[name] ?? '');
        parsed.set(name, categories);
      }
      return categories;
    },
  };
  return store;
}
