import { mkdir, access, constants } from 'node:fs/promises';
import { DATA_DIR_TIMEOUT_MS } from './limits';
import type { AppConfig } from './config';

/** A start-up failure the operator can fix: printed as one line, without a stack. */
export class StartupError extends Error {}

const FS_REASONS: Record<string, string> = {
  ENOTDIR: 'a part of the path is a file, not a folder',
  EEXIST: 'a file with that name exists',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'the file system is read-only',
  ENOSPC: 'no space left on the device',
};

/**
 * Creates DATA_DIR and checks it is writable, giving up after DATA_DIR_TIMEOUT_MS (a path
 * under /proc made the recursive mkdir spin forever). The mkdir runs on libuv's thread pool,
 * so the timer still fires.
 */
export async function ensureDataDir(dir: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' })),
      DATA_DIR_TIMEOUT_MS,
    );
  });
  try {
    await Promise.race([
      mkdir(dir, { recursive: true }).then(() => access(dir, constants.W_OK)),
      timeout,
    ]);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unknown';
    const reason =
      code === 'ETIMEDOUT'
        ? `creating it did not finish in ${DATA_DIR_TIMEOUT_MS / 1000} s`
        : (FS_REASONS[code] ?? (error as Error).message);
    throw new StartupError(
      `DATA_DIR ${dir} cannot be used (${code}: ${reason}). Fix: set DATA_DIR to a writable folder.`,
    );
  } finally {
    clearTimeout(timer);
  }
}

const DB_REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host not found',
  EHOSTUNREACH: 'host unreachable',
  ETIMEDOUT: 'connection timed out',
  '28P01': 'password authentication failed',
  '28000': 'authentication refused',
  '3D000': 'the database does not exist',
};

/** The one line for an error thrown while building or starting the app, or null if unknown. */
export function describeStartupError(error: unknown, config: AppConfig): string | null {
  if (error instanceof StartupError) return error.message;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EADDRINUSE') {
    return `Port ${config.port} on ${config.host} is already in use. Fix: stop the other process or set PORT to a free port.`;
  }
  if (code === 'EACCES' && (error as { syscall?: string }).syscall === 'listen') {
    return `Port ${config.port} on ${config.host} needs privileges. Fix: set PORT above 1023.`;
  }
  if (code === 'EADDRNOTAVAIL') {
    return `HOST ${config.host} is not an address of this machine. Fix: set HOST (127.0.0.1 or 0.0.0.0).`;
  }
  const reason = code ? DB_REASONS[code] : undefined;
  if (config.databaseUrl && reason) {
    const url = new URL(config.databaseUrl);
    return `Cannot use the database at ${url.hostname}:${url.port || 5432}${url.pathname} (${code}: ${reason}). Fix: start PostgreSQL or correct DATABASE_URL.`;
  }
  return null;
}
