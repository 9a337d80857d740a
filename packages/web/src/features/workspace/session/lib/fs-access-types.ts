/**
 * The parts of the File System Access API that TypeScript's DOM library does not declare yet
 * (Chromium-only: the picker and the permission calls).
 */
export type FolderPermission = 'prompt' | 'granted' | 'denied';

interface PermissionCapableHandle {
  queryPermission?: (options: { mode: 'read' }) => Promise<PermissionState>;
  requestPermission?: (options: { mode: 'read' }) => Promise<PermissionState>;
}

type PickerWindow = Window & {
  showDirectoryPicker?: (options?: {
    id?: string;
    mode?: 'read' | 'readwrite';
  }) => Promise<FileSystemDirectoryHandle>;
};

export function hasDirectoryPicker(): boolean {
  return typeof (window as PickerWindow).showDirectoryPicker === 'function';
}

/** True when the browser can upload a whole folder through `<input webkitdirectory>`. */
export function hasFolderUpload(): boolean {
  if (typeof document === 'undefined') return false;
  return 'webkitdirectory' in document.createElement('input');
}

export function pickDirectory(): Promise<FileSystemDirectoryHandle> {
  const picker = (window as PickerWindow).showDirectoryPicker;
  if (!picker) return Promise.reject(new Error('showDirectoryPicker unavailable'));
  return picker.call(window, { id: 'promptloom-project', mode: 'read' });
}

export async function queryReadPermission(
  handle: FileSystemDirectoryHandle,
): Promise<FolderPermission> {
  const h = handle as FileSystemDirectoryHandle & PermissionCapableHandle;
  // Handles from the origin-private file system have no permission API: always readable.
  if (!h.queryPermission) return 'granted';
  return h.queryPermission({ mode: 'read' });
}

export async function requestReadPermission(
  handle: FileSystemDirectoryHandle,
): Promise<FolderPermission> {
  const h = handle as FileSystemDirectoryHandle & PermissionCapableHandle;
  if (!h.requestPermission) return 'granted';
  return h.requestPermission({ mode: 'read' });
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
