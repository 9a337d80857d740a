import { beforeEach, describe, expect, it } from 'vitest';
import { migratePromptState } from './prompt-state';
import { usePromptStore } from './prompt-store';

const P = 'project-a';
const state = () => usePromptStore.getState().projects[P]!;
const ids = () => state().currentComposition.map((i) => i.blockId);

describe('per-project prompt state', () => {
  beforeEach(() => usePromptStore.getState().reset());

  it('adds unique active instances, so one block may appear twice', () => {
    const { addBlock } = usePromptStore.getState();
    addBlock(P, 'b1');
    addBlock(P, 'b1');
    const [a, b] = state().currentComposition;
    expect(ids()).toEqual(['b1', 'b1']);
    expect(a!.instanceId).not.toBe(b!.instanceId);
    expect(a!.isActive).toBe(true);
  });

  it('loading a saved composition gives fresh instance ids and marks it; manual edits clear the mark', () => {
    const store = usePromptStore.getState();
    store.loadComposition(P, 'c1', ['b1', 'b2', 'b3']);
    const first = state().currentComposition.map((i) => i.instanceId);
    store.loadComposition(P, 'c1', ['b1', 'b2', 'b3']);
    expect(state().currentComposition.map((i) => i.instanceId)).not.toEqual(first);
    expect(state().selectedCompositionId).toBe('c1');

    store.toggleActive(P, state().currentComposition[0]!.instanceId);
    expect(state().currentComposition[0]!.isActive).toBe(false);
    expect(state().selectedCompositionId).toBe('c1');

    store.reorder(P, 0, 2);
    expect(ids()).toEqual(['b2', 'b3', 'b1']);
    expect(state().selectedCompositionId).toBeNull();

    store.loadComposition(P, 'c1', ['b1']);
    store.addBlock(P, 'b9');
    expect(state().selectedCompositionId).toBeNull();
    store.loadComposition(P, 'c1', ['b1']);
    store.removeInstance(P, state().currentComposition[0]!.instanceId);
    expect(state().selectedCompositionId).toBeNull();
  });

  it('clear also empties the final request; projects are independent', () => {
    const store = usePromptStore.getState();
    store.addBlock(P, 'b1');
    store.setFinalRequest(P, 'do it');
    store.addBlock('other', 'b2');
    store.clearComposition(P);
    expect(state().currentComposition).toEqual([]);
    expect(state().finalRequest).toBe('');
    expect(usePromptStore.getState().projects.other!.currentComposition).toHaveLength(1);
  });

  it('removes a deleted block from every project', () => {
    const store = usePromptStore.getState();
    store.addBlock(P, 'gone');
    store.addBlock(P, 'kept');
    store.addBlock('other', 'gone');
    store.removeBlockEverywhere('gone');
    expect(ids()).toEqual(['kept']);
    expect(usePromptStore.getState().projects.other!.currentComposition).toEqual([]);
  });

  it('persists under a versioned key once the page is left', () => {
    localStorage.removeItem('promptloom.prompt-state');
    usePromptStore.getState().addBlock(P, 'b1');
    window.dispatchEvent(new Event('pagehide'));
    const stored = JSON.parse(localStorage.getItem('promptloom.prompt-state')!) as {
      version: number;
      state: { projects: Record<string, unknown> };
    };
    expect(stored.version).toBe(3);
    expect(Object.keys(stored.state.projects)).toEqual([P]);
  });
});

describe('model and prompt format per project', () => {
  beforeEach(() => usePromptStore.getState().reset());

  it('a version 1 state gets the default model and format and keeps its composition', () => {
    const v1 = {
      projects: {
        [P]: {
          currentComposition: [{ instanceId: 'i1', blockId: 'b1', isActive: true }],
          selectedFiles: ['a.ts'],
          finalRequest: 'go',
          selectedCompositionId: null,
        },
      },
    };
    const migrated = migratePromptState(v1, 1).projects[P]!;
    expect(migrated.selectedFiles).toEqual(['a.ts']);
    expect(migrated.currentComposition[0]!.blockId).toBe('b1');
    expect(migrated).toMatchObject({
      modelId: 'default',
      answerReserve: null,
      promptFormat: 'sections',
      promptLanguage: null,
    });
    expect(migratePromptState(undefined, 0)).toEqual({ projects: {} });
  });

  it('picking a model brings back its own reserve; a restore keeps the model', () => {
    const store = usePromptStore.getState();
    store.setModel(P, 'gpt-4o');
    store.setAnswerReserve(P, 1000);
    store.setPromptFormat(P, 'xml');
    expect(state()).toMatchObject({ modelId: 'gpt-4o', answerReserve: 1000, promptFormat: 'xml' });
    store.restore(P, { currentComposition: [], selectedFiles: [], finalRequest: '' });
    expect(state()).toMatchObject({ modelId: 'gpt-4o', promptFormat: 'xml' });
    store.setModel(P, 'claude-sonnet');
    expect(state().answerReserve).toBeNull();
    expect(usePromptStore.getState().projects.other).toBeUndefined();
  });
});
