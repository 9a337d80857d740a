import {
  newAppPage,
  SAMPLE_PROJECT,
  stubDirectoryPicker,
  writeDiskProject,
  writeOpfsProject,
} from './support/fixtures';
import { describe, expect, test } from './support/test';

// The fixtures other suites build on: a project folder reached through the (stubbed) picker,
// kept in IndexedDB like the app keeps it, and a folder upload from disk.
describe('e2e harness', () => {
  test('the stubbed picker returns the OPFS project, which survives IndexedDB and a reload', async ({
    browser,
    baseUrl,
  }) => {
    const { context, page } = await newAppPage(browser, baseUrl);
    await page.goto('/login');
    await writeOpfsProject(page, 'sample-project');
    await stubDirectoryPicker(context, 'sample-project');
    await page.reload();

    const picked = await page.evaluate(`(async () => {
      const handle = await window.showDirectoryPicker({ mode: 'read' });
      const db = await new Promise((resolve, reject) => {
        const open = indexedDB.open('harness', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('handles');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      await new Promise((resolve, reject) => {
        const tx = db.transaction('handles', 'readwrite');
        tx.objectStore('handles').put(handle, 'current');
        tx.oncomplete = resolve;
        tx.onerror = () => reject(tx.error);
      });
      const names = [];
      for await (const entry of handle.values()) names.push(entry.name);
      return { name: handle.name, kind: handle.kind, names: names.sort() };
    })()`);
    expect(picked).toEqual({
      name: 'sample-project',
      kind: 'directory',
      names: [
        '.gitignore',
        'README.md',
        'debug.log',
        'dist',
        'docs',
        'node_modules',
        'package.json',
        'src',
      ],
    });

    await page.reload();
    const restored = await page.evaluate(`(async () => {
      const db = await new Promise((resolve, reject) => {
        const open = indexedDB.open('harness', 1);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const handle = await new Promise((resolve, reject) => {
        const get = db.transaction('handles').objectStore('handles').get('current');
        get.onsuccess = () => resolve(get.result);
        get.onerror = () => reject(get.error);
      });
      const permission = await handle.queryPermission({ mode: 'read' });
      const src = await handle.getDirectoryHandle('src');
      const text = await (await (await src.getFileHandle('greet.ts')).getFile()).text();
      return { permission, text };
    })()`);
    expect(restored).toEqual({ permission: 'granted', text: SAMPLE_PROJECT['src/greet.ts'] });
  });

  test('a project folder on disk uploads through <input webkitdirectory>', async ({
    browser,
    baseUrl,
  }) => {
    const { page } = await newAppPage(browser, baseUrl);
    await page.goto('/login');
    const dir = await writeDiskProject('sample-project');
    await page.evaluate(`(() => {
      const input = document.createElement('input');
      input.type = 'file';
      input.webkitdirectory = true;
      input.setAttribute('aria-label', 'Harness upload');
      document.body.append(input);
    })()`);
    await page.bringToFront();
    await page.getByLabel('Harness upload').setInputFiles(dir);
    const uploaded = await page.evaluate(`(() => {
      const input = document.querySelector('input[aria-label="Harness upload"]');
      return [...input.files].map((file) => file.webkitRelativePath).sort();
    })()`);
    expect(uploaded).toEqual(
      Object.keys(SAMPLE_PROJECT)
        .map((file) => `sample-project/${file}`)
        .sort(),
    );
  });
});
