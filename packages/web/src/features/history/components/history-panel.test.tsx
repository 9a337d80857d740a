// The panel and the shell read the browser's kept applies and history from IndexedDB.
import 'fake-indexeddb/auto';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { STANDALONE_PROJECT_NAME, usePromptStore, useSessionStore } from '../../workspace';
import { history } from '../lib/history-instance';
import type { HistoryEntry } from '../types';
import { HistoryPanel } from './history-panel';

// The panel over an in-memory storage (happy-dom has no IndexedDB).
vi.mock('../lib/history-instance', async () => {
  const { createHistoryStore } = await import('../store');
  const { createMemoryHistoryStorage } = await import('../lib/history-storage');
  return { history: createHistoryStore(createMemoryHistoryStorage()) };
});

const PROJECT = 'demo';

function entry(n: number, overrides: Partial<HistoryEntry> = {}): Omit<HistoryEntry, 'id'> {
  return {
    timestamp: new Date(2026, 10, 21, 9, n).getTime(),
    projectName: PROJECT,
    generatedPrompt: `PROMPT ${n}`,
    currentComposition: [
      { instanceId: `a${n}`, blockId: 'b1', isActive: true },
      { instanceId: `b${n}`, blockId: 'b2', isActive: false },
    ],
    selectedFiles: ['src/a.ts', 'src/b.ts', 'README.md'],
    finalRequest: `Request ${n}`,
    totalTokens: 12_345,
    fileStructureSnapshot: {},
    fileContentSnapshot: {},
    ...overrides,
  };
}

async function seed(...entries: Omit<HistoryEntry, 'id'>[]) {
  // Oldest first, so the last one given is the newest.
  for (const { timestamp, ...event } of entries) await history.add(event, timestamp);
}

function renderPanel(path = '/') {
  const router = createMemoryRouter(
    [
      { path: '/', element: <HistoryPanel /> },
      { path: '/library', element: <HistoryPanel /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <>
      <RouterProvider router={router} />
      <ConfirmDialog />
    </>,
  );
  return router;
}

beforeEach(async () => {
  await history.clearAll();
  usePromptStore.getState().reset();
  useSessionStore.setState({ projectName: PROJECT, sessionMode: 'PROJECT' });
});

describe('HistoryPanel', () => {
  it('is hidden while the current project has no history', () => {
    renderPanel();
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('lists entries newest first with time, request, counts and the highlighted latest', async () => {
    await seed(entry(5), entry(7, { finalRequest: '  ', totalTokens: 980 }));
    renderPanel();
    const panel = await screen.findByRole('region', { name: 'History (2)' });
    const [latest, older] = within(panel).getAllByRole('article');
    // The locale's clock: 12-hour in English.
    expect(latest!.getAttribute('aria-label')).toMatch(/^Prompt of 9:07\sAM$/);
    expect(latest!.getAttribute('aria-current')).toBe('true');
    expect(within(latest!).getByText('No task specified').className).toContain('italic');
    expect(within(latest!).getByText('980 tokens')).toBeTruthy();
    expect(within(older!).getByText('Request 5')).toBeTruthy();
    expect(within(older!).getByText('2 blocks')).toBeTruthy();
    expect(within(older!).getByText('3 files')).toBeTruthy();
    expect(within(older!).getByText('12,345 tokens')).toBeTruthy();
    expect(older!.getAttribute('aria-current')).toBeNull();
  });

  it('shows only the current project', async () => {
    await seed(entry(1), { ...entry(2), projectName: 'other' });
    renderPanel();
    expect(await screen.findByRole('region', { name: 'History (1)' })).toBeTruthy();
  });

  it('views a prompt', async () => {
    await seed(entry(1));
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'View prompt' }));
    const dialog = screen.getByRole('dialog', { name: /^Prompt of 9:01\sAM$/ });
    expect(within(dialog).getByLabelText('Prompt text').textContent).toBe('PROMPT 1');
  });

  it('restores a session after confirmation and goes to the generator', async () => {
    await seed(entry(1), entry(2));
    const router = renderPanel('/library');
    const older = (await screen.findAllByRole('article'))[1]!;

    await userEvent.click(within(older).getByRole('button', { name: 'Restore session' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(usePromptStore.getState().projects[PROJECT]).toBeUndefined();

    await userEvent.click(within(older).getByRole('button', { name: 'Restore session' }));
    await userEvent.click(screen.getByRole('button', { name: 'Restore' }));
    const state = usePromptStore.getState().projects[PROJECT]!;
    expect(state.finalRequest).toBe('Request 1');
    expect(state.selectedFiles).toEqual(['src/a.ts', 'src/b.ts', 'README.md']);
    expect(state.currentComposition.map((i) => [i.blockId, i.isActive])).toEqual([
      ['b1', true],
      ['b2', false],
    ]);
    expect(router.state.location.pathname).toBe('/');
  });

  it('restores the model, budget and format the entry was counted for', async () => {
    // GPT-4o with a smaller answer reserve than its own (128,000 − 10,000), written as XML.
    const model = {
      id: 'gpt-4o',
      label: 'GPT-4o',
      exact: true,
      tokenizer: 'o200k_base',
      budget: 118_000,
      format: 'xml',
    } as const;
    await seed(entry(1, { model }));
    usePromptStore.getState().setModel(PROJECT, 'claude-sonnet');
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Restore session' }));
    await userEvent.click(screen.getByRole('button', { name: 'Restore' }));
    expect(usePromptStore.getState().projects[PROJECT]).toMatchObject({
      modelId: 'gpt-4o',
      answerReserve: 10_000,
      promptFormat: 'xml',
    });
  });

  it('deletes one entry after confirmation', async () => {
    await seed(entry(1), entry(2));
    renderPanel();
    const latest = (await screen.findAllByRole('article'))[0]!;
    await userEvent.click(within(latest).getByRole('button', { name: 'Delete entry' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await screen.findByRole('region', { name: 'History (1)' });
    expect(history.entries(PROJECT).map((e) => e.finalRequest)).toEqual(['Request 1']);
  });

  it('clears the whole history after confirmation', async () => {
    await seed(entry(1), entry(2));
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Clear history' }));
    const dialog = screen.getByRole('dialog', { name: 'Clear the history?' });
    expect(dialog.textContent).toContain('All 2 prompts of demo will be deleted.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Clear history' }));
    await vi.waitFor(() => expect(screen.queryByRole('region')).toBeNull());
    expect(history.entries(PROJECT)).toEqual([]);
  });

  it('names the standalone mode, not its internal project name', async () => {
    useSessionStore.setState({ projectName: STANDALONE_PROJECT_NAME, sessionMode: 'STANDALONE' });
    await seed({ ...entry(1), projectName: STANDALONE_PROJECT_NAME });
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Clear history' }));
    const dialog = screen.getByRole('dialog', { name: 'Clear the history?' });
    expect(dialog.textContent).toContain('The only prompt of Standalone mode will be deleted.');
  });
});
