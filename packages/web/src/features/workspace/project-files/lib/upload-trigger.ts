/**
 * The mounted folder-upload inputs (one per screen that offers folder selection), so the
 * file selector's Refresh can ask for an uploaded folder again without rendering its own.
 */
const inputs = new Set<HTMLInputElement>();

export function registerUploadInput(input: HTMLInputElement | null): () => void {
  if (!input) return () => {};
  inputs.add(input);
  return () => {
    inputs.delete(input);
  };
}

/** Opens the browser's folder chooser; false when no upload input is mounted. */
export function requestFolderUpload(): boolean {
  const input = [...inputs].at(-1);
  input?.click();
  return input !== undefined;
}
