import { newSignedInPage, stubDirectoryPicker, writeOpfsProject } from './support/fixtures';
import { describe, expect, test } from './support/test';
import { closePrompt, generatePrompt } from './support/workspace';

interface BrowserStorage {
  local: Record<string, string>;
  session: Record<string, string>;
  /** Database name → object store name → number of records. */
  databases: Record<string, Record<string, number>>;
}

// Kept as plain JavaScript source (a TypeScript loader may wrap functions in helpers that do
// not exist in the page). Records are counted, never read: reading a stored folder handle
// back crashes headless Chromium.
const READ_STORAGE = `(async () => {
  const entries = (storage) =>
    Object.fromEntries(Object.keys(storage).map((key) => [key, storage.getItem(key)]));
  const request = (r) =>
    new Promise((resolve, reject) => {
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error);
    });
  const databases = {};
  for (const { name } of await indexedDB.databases()) {
    const db = await request(indexedDB.open(name));
    const stores = {};
    for (const store of db.objectStoreNames)
      stores[store] = await request(db.transaction(store).objectStore(store).count());
    db.close();
    databases[name] = stores;
  }
  return { local: entries(localStorage), session: entries(sessionStorage), databases };
})()`;

/**
 * What may stay after logout, and why: each is a choice about this browser, not about the
 * person signed in, and holds no name, path or text of theirs. The interface language (the
 * sign-in page speaks it too), the theme, and the pane sizes.
 */
const DEVICE_KEYS = [/^promptloom\.language$/, /^promptloom\.theme$/, /^react-resizable-panels:/];

describe('logout', () => {
  test('leaves nothing of the previous user in localStorage, sessionStorage or IndexedDB', async ({
    browser,
    baseUrl,
  }) => {
    const { context, page, user } = await newSignedInPage(browser, baseUrl);
    const project = `private-project-${Date.now()}`;
    const request = `Refactor the payroll module for ${user.name}`;
    await writeOpfsProject(page, project, {
      'salaries-plan.md': '# Plan\n\nConfidential.\n',
      'src/payroll.ts': 'export const payroll = 1;\n',
    });
    await stubDirectoryPicker(context, project);
    await page.reload();
    await page.getByRole('button', { name: 'Select a project folder' }).click();
    const tree = page.getByRole('tree', { name: 'Project files' });
    await tree.getByRole('checkbox', { name: 'Select salaries-plan.md', exact: true }).waitFor();

    // Every kind of per-user state: the project session, a composition with a request, a
    // selected file with an inclusion mode, a structure mode, a prompt in the history and
    // the folder handle.
    // A new project starts with the default composition: structure, files and request.
    const composition = page.getByRole('list', { name: 'Composition blocks' });
    for (const name of ['Project structure', 'Selected files content', 'Dynamic User Task']) {
      await composition.getByRole('listitem', { name, exact: true }).waitFor();
    }
    await tree.getByRole('checkbox', { name: 'Select salaries-plan.md', exact: true }).check();
    await tree
      .getByRole('button', { name: 'Inclusion mode of salaries-plan.md: Full', exact: true })
      .click();
    await page.getByRole('menuitemradio', { name: /^Path only/ }).click();
    await tree
      .getByRole('button', { name: 'Inclusion mode of salaries-plan.md: Path only', exact: true })
      .waitFor();
    await page.getByRole('combobox', { name: 'Structure', exact: true }).selectOption('selected');
    await page.getByLabel('Final request').fill(request);
    await generatePrompt(page);
    await closePrompt(page);
    await page.getByRole('region', { name: 'History (1)' }).waitFor();

    // What a later user must not see: the project, its paths, the request, who signed in.
    const traces = [project, 'salaries-plan.md', request, user.email];
    // The token-count cache (counts by path, never contents) has written what it counted.
    await expect
      .poll(async () => {
        const { databases } = await page.evaluate<BrowserStorage>(READ_STORAGE);
        return databases['promptloom-token-counts']?.counts ?? 0;
      })
      .toBeGreaterThan(0);
    const before = await page.evaluate<BrowserStorage>(READ_STORAGE);
    const kept = JSON.stringify([before.local, before.session]);
    for (const trace of [project, 'salaries-plan.md', request]) expect(kept).toContain(trace);
    expect(before.databases.promptloom).toMatchObject({ folderHandles: 1, history: 1 });
    // Generate scanned the prompt's texts: their findings (none here) are kept for next time.
    expect(before.databases['promptloom-secret-findings']?.findings).toBeGreaterThan(0);

    // Log out from another page, loaded afresh, away from the workspace.
    await page.goto('/library');
    await page.getByRole('button', { name: 'Log out' }).click();
    const confirm = page.getByRole('dialog', { name: 'Log out?' });
    await confirm.getByRole('button', { name: 'Log out', exact: true }).click();
    await page.waitForURL('**/login');

    const after = await page.evaluate<BrowserStorage>(READ_STORAGE);
    const left = JSON.stringify([after.local, after.session, after.databases]);
    for (const trace of traces) expect(left).not.toContain(trace);
    const perUserKeys = [...Object.keys(after.local), ...Object.keys(after.session)].filter(
      (key) => !DEVICE_KEYS.some((pattern) => pattern.test(key)),
    );
    expect(perUserKeys).toEqual([]);
    for (const [name, stores] of Object.entries(after.databases))
      for (const [store, records] of Object.entries(stores))
        expect(records, `${name}/${store} after logout`).toBe(0);
  });
});
