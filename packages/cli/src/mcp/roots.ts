import { realpathSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CliError, EXIT } from '../lib/errors';

/** How long a client may take to list its roots before a tool call gives up. */
const ROOTS_TIMEOUT_MS = 10_000;

/**
 * The folders the client declared as its roots (`roots/list`), as local paths; null when it
 * declared none (no roots capability, or an empty list). Asked on every call, so a change of
 * roots holds from the next call without listening for `roots/list_changed`.
 */
async function clientRoots(server: McpServer): Promise<string[] | null> {
  if (!server.server.getClientCapabilities()?.roots) return null;
  let roots;
  try {
    ({ roots } = await server.server.listRoots(undefined, { timeout: ROOTS_TIMEOUT_MS }));
  } catch (error) {
    throw new CliError(`the client did not list its roots: ${(error as Error).message}`);
  }
  // Roots are file:// URIs; any other scheme names nothing on this disk.
  const paths = roots
    .filter((root) => root.uri.startsWith('file:'))
    .map((root) => fileURLToPath(root.uri));
  return paths.length > 0 ? paths : null;
}

/** The path with its symbolic links resolved, or as written when it does not exist. */
function real(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}

const inside = (root: string, path: string) => {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
};

/**
 * The folder an MCP tool may read for `dir`, or a refusal: it must be inside one of the
 * client's roots or, when the client declares none, inside one of `fallback` (the server's
 * `--allow-dir` folders, else its working directory). Symbolic links are resolved on both
 * sides, so a link inside a root cannot lead out of it; a relative `dir` is taken from the
 * first root. Returns the resolved path, which is what the tool should read. Decision 094.
 */
export async function resolveAllowedDir(
  server: McpServer,
  dir: string,
  fallback: readonly string[],
): Promise<string> {
  const roots = (await clientRoots(server)) ?? fallback;
  const target = real(resolve(roots[0] ?? process.cwd(), dir));
  if (roots.some((root) => inside(real(root), target))) return target;
  throw new CliError(
    `${dir} is outside the folders this server may read (${roots.join(', ')}): ` +
      'add it to the client’s roots, or start `promptloom mcp --allow-dir <folder>`',
    EXIT.usage,
  );
}
