import type { FileTreeNode } from '@promptloom/core';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '#web/lib/i18n.ts';
import { FileRow } from './file-row';

function dir(path: string): FileTreeNode {
  return { type: 'directory', name: path.split('/').pop()!, path, children: [], size: 0, mtime: 0 };
}

function row(path: string, expanded: boolean) {
  return { node: dir(path), depth: path.split('/').length - 1, expanded, posInSet: 1, setSize: 1 };
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('FileRow expand button', () => {
  it('is named by the folder path, so two folders called src differ', () => {
    render(
      <>
        <FileRow row={row('src', false)} check="unchecked" onToggleCheck={() => {}} />
        <FileRow row={row('template-react/src', true)} check="unchecked" onToggleCheck={() => {}} />
      </>,
    );
    expect(screen.getByRole('button', { name: 'Expand src' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Collapse template-react/src' })).toBeTruthy();
  });

  it('says it in French', async () => {
    await i18n.changeLanguage('fr');
    render(
      <FileRow row={row('template-react/src', false)} check="unchecked" onToggleCheck={() => {}} />,
    );
    expect(screen.getByRole('button', { name: 'Déplier template-react/src' })).toBeTruthy();
  });
});

function file(path: string) {
  const node: FileTreeNode = {
    type: 'file',
    name: path.split('/').pop()!,
    path,
    size: 10,
    mtime: 0,
  };
  return { node, depth: path.split('/').length - 1, expanded: false, posInSet: 1, setSize: 1 };
}

describe('FileRow suggested mark', () => {
  it('marks a suggested file, in the row’s name too', () => {
    render(
      <>
        <FileRow row={file('src/parse.ts')} check="unchecked" suggested onToggleCheck={() => {}} />
        <FileRow row={file('src/other.ts')} check="unchecked" onToggleCheck={() => {}} />
      </>,
    );
    expect(screen.getByRole('treeitem', { name: 'parse.ts Suggested' })).toBeTruthy();
    expect(screen.getByRole('treeitem', { name: 'other.ts' })).toBeTruthy();
    expect(screen.getAllByText('Suggested')).toHaveLength(1);
  });

  it('says it in French', async () => {
    await i18n.changeLanguage('fr');
    render(
      <FileRow row={file('src/parse.ts')} check="unchecked" suggested onToggleCheck={() => {}} />,
    );
    expect(screen.getByRole('treeitem', { name: 'parse.ts Suggéré' })).toBeTruthy();
  });
});
