/** Who wants a chosen folder's name before its files are listed. */
type Listener = (name: string) => void;

const listeners = new Set<Listener>();

/**
 * Another room learns a folder's name as soon as it is chosen, before the page lists its
 * files: an upload's list of Files takes the page a second or more of a large folder (each
 * File's size and date asked of the browser), and what is read from storage for the project
 * meanwhile is ready when the listing ends. Returns a function that stops listening.
 */
export function onFolderChosen(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tells the listeners a folder named `name` was chosen (its files not listed yet). */
export function folderChosen(name: string): void {
  for (const listener of listeners) listener(name);
}
