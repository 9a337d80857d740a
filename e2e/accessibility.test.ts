import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page, Request } from 'playwright-core';
import {
  newAppPage,
  newSignedInPage,
  stubDirectoryPicker,
  writeOpfsProject,
} from './support/fixtures';
import { describe, expect, test } from './support/test';

const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);
const LOCALES = path.resolve(import.meta.dirname, '../packages/web/public/locales');
const ROOT = 'sample-project';

type Language = 'en' | 'fr';
type Theme = 'light' | 'dark';

/** A translation by its key, so the same steps run in both languages. */
function translator(language: Language) {
  const resources = JSON.parse(
    readFileSync(path.join(LOCALES, language, 'translation.json'), 'utf8'),
  ) as Record<string, unknown>;
  return (key: string): string => {
    const value = key
      .split('.')
      .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], resources);
    if (typeof value !== 'string') throw new Error(`no ${language} translation for ${key}`);
    return value;
  };
}

interface Finding {
  page: string;
  rule: string;
  impact: string;
  help: string;
  nodes: string[];
}

/** A tracked page's requests in flight, and who waits for there to be none. */
interface Requests {
  pending: Set<Request>;
  idle: (() => void)[];
}
const inFlight = new WeakMap<Page, Requests>();

/** Follows the page's requests from now on, so an audit can wait until none is in flight. */
function track<T extends { page: Page }>(opened: T): T {
  const requests: Requests = { pending: new Set(), idle: [] };
  const done = (request: Request) => {
    requests.pending.delete(request);
    if (requests.pending.size === 0) requests.idle.splice(0).forEach((resolve) => resolve());
  };
  inFlight.set(opened.page, requests);
  opened.page.on('request', (request) => requests.pending.add(request));
  opened.page.on('requestfinished', done);
  opened.page.on('requestfailed', done);
  return opened;
}

/** Resolves once the page has no request in flight (at once if it has none). */
function noneInFlight(requests: Requests): Promise<void> {
  if (requests.pending.size === 0) return Promise.resolve();
  return new Promise((resolve) => requests.idle.push(resolve));
}

/**
 * Waits until the page has no request in flight, and still none once it has painted what the
 * last answers brought (a rendered answer may start the next request), for 10 s at most.
 * Playwright's `networkidle` waits for the same state plus a fixed half second of quiet on
 * every audit.
 */
async function requestsSettled(page: Page) {
  const requests = inFlight.get(page);
  if (!requests) throw new Error('audit of a page that is not tracked');
  let timer: ReturnType<typeof setTimeout> | undefined;
  const bound = new Promise<'late'>((resolve) => (timer = setTimeout(resolve, 10_000, 'late')));
  try {
    for (;;) {
      if ((await Promise.race([noneInFlight(requests), bound])) === 'late') return;
      await page.evaluate(
        () =>
          new Promise((resolve) =>
            requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0))),
          ),
      );
      if (requests.pending.size === 0) return;
    }
  } finally {
    clearTimeout(timer);
  }
}

/** axe-core's serious and critical violations on the page as it is now. */
async function audit(page: Page, label: string): Promise<Finding[]> {
  await requestsSettled(page);
  await page
    .getByText(/Loading…|Chargement…/)
    .first()
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
  // A toast fading in is measured at part opacity: audit once finite animations have ended.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // Evaluated rather than added as a <script> tag: the app's CSP (script-src 'self') refuses
  // inline scripts, and the audit should see the app with its real headers.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const { axe } = window as unknown as {
      axe: {
        run: (
          context: Document,
          options: object,
        ) => Promise<{
          violations: {
            id: string;
            impact: string | null;
            help: string;
            nodes: { target: string[]; failureSummary?: string }[];
          }[];
        }>;
      };
    };
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? 'unknown',
      help: violation.help,
      nodes: violation.nodes.map((node) =>
        `${node.target.join(' ')} — ${node.failureSummary ?? ''}`.slice(0, 300),
      ),
    }));
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ page: label, ...violation }));
}

async function setPreferences(page: Page, language: Language, theme: Theme) {
  await page.evaluate(
    ([lng, thm]) => {
      localStorage.setItem('promptloom.language', lng!);
      localStorage.setItem('promptloom.theme', thm!);
    },
    [language, theme],
  );
}

const combinations: [Language, Theme][] = [
  ['en', 'light'],
  ['en', 'dark'],
  ['fr', 'light'],
  ['fr', 'dark'],
];

describe('accessibility: no serious or critical axe-core violation (docs/decisions/033)', () => {
  for (const [language, theme] of combinations) {
    test(`sign-in, library and settings pages, ${language}, ${theme} theme`, async ({
      browser,
      baseUrl,
    }) => {
      const findings: Finding[] = [];

      // Signed out: the sign-in page.
      const { context: guest, page: guestPage } = track(await newAppPage(browser, baseUrl));
      await guestPage.goto('/login');
      await setPreferences(guestPage, language, theme);
      await guestPage.reload();
      await guestPage.getByRole('heading', { level: 1 }).waitFor();
      findings.push(...(await audit(guestPage, '/login')));
      // The built-in provider's server-rendered page, in the app's language and theme.
      await guestPage.getByRole('button', { name: /local/i }).click();
      await guestPage.locator('input#name').waitFor();
      expect(await guestPage.evaluate(() => document.documentElement.className)).toBe(theme);
      expect(await guestPage.evaluate(() => document.documentElement.lang)).toBe(language);
      findings.push(...(await audit(guestPage, 'local sign-in')));
      await guest.close();

      const { page } = track(await newSignedInPage(browser, baseUrl));
      await setPreferences(page, language, theme);
      for (const route of [
        '/library',
        '/settings/blocks',
        '/settings/compositions',
        '/settings/ignore-patterns',
        '/settings/access-tokens',
        '/settings/account',
        '/no-such-page',
      ]) {
        await page.goto(route);
        await page.getByRole('heading').first().waitFor();
        findings.push(...(await audit(page, route)));
      }

      expect(findings).toEqual([]);
    });

    test(`workspace, generated prompts and history, ${language}, ${theme} theme`, async ({
      browser,
      baseUrl,
    }) => {
      const t = translator(language);
      const findings: Finding[] = [];
      const { context, page } = track(await newSignedInPage(browser, baseUrl));
      await setPreferences(page, language, theme);
      await writeOpfsProject(page, ROOT);
      await stubDirectoryPicker(context, ROOT);
      await page.reload();
      const generated = page.getByRole('dialog', { name: t('promptViewer.title') });
      const generate = async () => {
        await page
          .getByRole('button', { name: t('workspace.generation.generate'), exact: true })
          .last()
          .click();
        await generated.waitFor();
      };
      const closeGenerated = async () => {
        await generated
          .getByRole('button', { name: t('common.close') })
          .first()
          .click();
        await generated.waitFor({ state: 'hidden' });
      };
      const writeRequest = async (request: string) => {
        await page.getByRole('button', { name: t('workspace.callout.button') }).click();
        await page.getByLabel(t('workspace.request.label')).fill(request);
      };

      // The landing.
      await page.getByRole('button', { name: t('landing.selectFolder.button') }).waitFor();
      findings.push(...(await audit(page, 'landing')));

      // A composition without a project, and its generated prompt.
      await page.getByRole('button', { name: t('landing.standalone.button') }).click();
      await writeRequest('Write a haiku about prompts.');
      findings.push(...(await audit(page, 'workspace without a project')));
      await generate();
      findings.push(...(await audit(page, 'generated prompt (no project)')));
      await closeGenerated();

      // A project: the tree, the composition, the generated prompt and the history.
      await page.getByRole('button', { name: t('workspace.status.openProject') }).click();
      const tree = page.getByRole('tree', { name: t('fileSelector.treeLabel') });
      await tree.getByRole('checkbox').first().waitFor();
      await tree.getByRole('checkbox').last().check();
      // A new project starts with the default composition, which holds the task.
      await page.getByLabel(t('workspace.request.label')).fill('Summarise this project.');
      findings.push(...(await audit(page, 'workspace with a project')));
      await generate();
      findings.push(...(await audit(page, 'generated prompt (project)')));
      await closeGenerated();
      findings.push(...(await audit(page, 'workspace with history')));

      expect(findings).toEqual([]);
    });
  }
});
