/** A folder's entry: a folder (its entries by name) or a file's bytes. */
export type Node = Map<string, Node> | Uint8Array;

const fail = (name: string, message: string) => Promise.reject(new DOMException(message, name));

/**
 * A folder handle over an in-memory tree, answering as the File System Access API does (a
 * file asked as a folder or the reverse: TypeMismatchError), logging every name it is asked.
 */
export function memoryFolder(
  tree: Map<string, Node>,
  asked: string[],
  path = '',
): FileSystemDirectoryHandle {
  const at = (name: string) => (path ? `${path}/${name}` : name);
  const fileHandle = (name: string) =>
    ({
      kind: 'file',
      name,
      getFile: () => Promise.resolve(new File([tree.get(name) as Uint8Array<ArrayBuffer>], name)),
      createWritable: () => {
        const chunks: Uint8Array[] = [];
        return Promise.resolve({
          write: (bytes: Uint8Array) => Promise.resolve(void chunks.push(bytes)),
          close: () => Promise.resolve(void tree.set(name, chunks[0] ?? new Uint8Array())),
        });
      },
    }) as unknown as FileSystemFileHandle;
  return {
    kind: 'directory',
    name: path,
    getDirectoryHandle: async (name: string, options?: { create?: boolean }) => {
      asked.push(at(name));
      let child = tree.get(name);
      if (child === undefined && options?.create) tree.set(name, (child = new Map()));
      if (child === undefined) return fail('NotFoundError', 'not found');
      if (!(child instanceof Map)) return fail('TypeMismatchError', 'a file');
      return memoryFolder(child, asked, at(name));
    },
    getFileHandle: async (name: string, options?: { create?: boolean }) => {
      asked.push(at(name));
      const child = tree.get(name);
      if (child === undefined && options?.create) tree.set(name, new Uint8Array());
      else if (child === undefined) return fail('NotFoundError', 'not found');
      else if (child instanceof Map) return fail('TypeMismatchError', 'a folder');
      return fileHandle(name);
    },
    removeEntry: async (name: string) => {
      asked.push(at(name));
      const child = tree.get(name);
      if (child === undefined) return fail('NotFoundError', 'not found');
      if (child instanceof Map && child.size > 0) return fail('InvalidModificationError', 'full');
      tree.delete(name);
    },
  } as unknown as FileSystemDirectoryHandle;
}
