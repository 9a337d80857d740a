import { readProjectFile, type ReadResult } from '@promptloom/core';
import { useConnectionStore } from '../stores/connection-store';

/** The current text of a file of the open project, through its provider (null: no project). */
export async function readCurrentFile(path: string): Promise<ReadResult | null> {
  const provider = useConnectionStore.getState().provider;
  if (!provider) return null;
  return readProjectFile(provider, path);
}
