import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '#web/lib/i18n.ts';
import { useInclusionStore } from '../../session';
import { RowModeMenu } from './row-mode-menu';

const project = 'demo';

function folderRow(files: string[], selected: string[]) {
  return (
    <RowModeMenu project={project} path="src" isDir files={files} selected={new Set(selected)} />
  );
}

beforeEach(() => {
  useInclusionStore.setState({ byProject: {} });
});

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('a folder row’s mode', () => {
  it('reads Outline when its only selected file is outlined, not the folder’s Full', () => {
    useInclusionStore
      .getState()
      .replace(project, { files: { 'src/a.ts': 'outline' }, folders: {} });
    render(folderRow(['src/a.ts', 'src/b.ts'], ['src/a.ts']));
    expect(screen.getByRole('button', { name: 'Inclusion mode of src: Outline' })).toBeTruthy();
  });

  it('reads Mixed when its selected files differ', async () => {
    useInclusionStore
      .getState()
      .replace(project, { files: { 'src/a.ts': 'outline' }, folders: {} });
    const { unmount } = render(folderRow(['src/a.ts', 'src/b.ts'], ['src/a.ts', 'src/b.ts']));
    expect(screen.getByRole('button', { name: 'Inclusion mode of src: Mixed' })).toBeTruthy();
    unmount();
    await i18n.changeLanguage('fr');
    render(folderRow(['src/a.ts', 'src/b.ts'], ['src/a.ts', 'src/b.ts']));
    expect(screen.getByRole('button', { name: "Mode d'inclusion de src : Mixte" })).toBeTruthy();
  });

  it('reads Full when its selected files are whole', () => {
    render(folderRow(['src/a.ts'], ['src/a.ts']));
    expect(screen.getByRole('button', { name: 'Inclusion mode of src: Full' })).toBeTruthy();
  });
});
