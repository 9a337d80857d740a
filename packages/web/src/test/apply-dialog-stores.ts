import { afterEach, beforeEach, vi } from 'vitest';
import { useApplyStore } from '#web/features/workspace/apply/stores/apply-store.ts';
import { useConnectionStore } from '#web/features/workspace/project-files/index.ts';
import { useSessionStore } from '#web/features/workspace/session/index.ts';
import { queueSelectionChange } from './queued-selectionchange';

/**
 * The stores an open Apply dialog reads, for a suite that renders it: a project named "demo"
 * with a connected folder, the dialog open with nothing read yet; all put back after each test.
 * The suite mocks the read itself (`reviewAnswer`) with its own `vi.mock`, which is hoisted per
 * file.
 */
export function openApplyDialogStores() {
  queueSelectionChange();
  beforeEach(() => {
    useSessionStore.setState({ projectName: 'demo' });
    useConnectionStore.setState({ provider: {} as never, handle: null });
    useApplyStore.setState({
      isOpen: true,
      review: null,
      written: null,
      reading: null,
      busy: false,
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    useSessionStore.setState({ projectName: null });
    useConnectionStore.setState({ provider: null });
    useApplyStore.setState({ isOpen: false });
  });
}
