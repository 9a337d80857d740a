import { isAbsolute, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CliError } from './errors';

/**
 * The folder an MCP tool may read: inside one of the roots the client shares (the first root
 * when the call names none), or the absolute folder the call names when the client shares no
 * roots. The one place a tool's folder is decided.
 */
export async function allowedDirectory(server: Server, requested?: string): Promise<string> {
  const wanted = requested ? resolve(requested) : undefined;
  if (!server.getClientCapabilities()?.roots) {
    if (!wanted || !requested || !isAbsolute(requested)) {
      throw new CliError('give `directory`, an absolute folder: this client shares no roots');
    }
    return wanted;
  }
  const { roots } = await server.listRoots();
  const folders = roots
    .filter((root) => root.uri.startsWith('file://'))
    .map((root) => fileURLToPath(root.uri));
  if (folders.length === 0) throw new CliError('the client shares no folder as a root');
  if (!wanted) return folders[0]!;
  const inside = folders.some((folder) => {
    const path = relative(folder, wanted);
    return path === '' || (!path.startsWith('..') && !isAbsolute(path));
  });
  if (!inside) throw new CliError(`${requested} is outside the folders the client shares`);
  return wanted;
}
