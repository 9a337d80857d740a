// TEMPORARY until lib/outliner lands (outline engineer): no outline, the file goes in whole.
export function outlineForPrompt(_path: string, _text: string): Promise<string | null> {
  return Promise.resolve(null);
}
