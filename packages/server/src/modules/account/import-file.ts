import type { IncomingMessage } from 'node:http';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { type AccountImport, type ErrorCode, type QuotaUsage } from '@promptloom/core';
import { ACCOUNT_IMPORTS_IN_FLIGHT } from '../../limits';
import { and, eq, sql } from 'drizzle-orm';
import { errorCodes } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { blocks } from '../../db/schema';
import { HttpError } from '../../http-error';
import { readUsage } from '../quotas/service';

/** What the worker is given: the room left and the account's blocks, known by key. */
export interface ImportJob {
  limit: number;
  usage: QuotaUsage;
  existingKeys: string[];
}

/** A block of the file with its key (name and content), and whether the account holds it. */
export type ImportedBlock = AccountImport['blocks'][number] & { key: string; present: boolean };

/** The checked file: what is stored, and the sections that are only counted. */
export interface ImportedFile {
  blocks: ImportedBlock[];
  compositions: AccountImport['compositions'];
  settings: AccountImport['settings'];
  counted: { sharedItems: number; likes: number; accessTokens: number; privateLinksOpened: number };
}

type FrameworkRefusal =
  'FST_ERR_CTP_EMPTY_JSON_BODY' | 'FST_ERR_CTP_INVALID_JSON_BODY' | 'FST_ERR_CTP_BODY_TOO_LARGE';

/** The schema's issues, as zod gave them (the route's validator turns them into a 400). */
export interface ImportIssue {
  code: string;
  path: (string | number)[];
  message: string;
}

export type ImportReply =
  | { file: ImportedFile }
  | { issues: ImportIssue[] }
  | { refused: FrameworkRefusal | Extract<ErrorCode, 'BODY_TOO_DEEP' | 'ACCOUNT_IMPORT_QUOTA'> };

/**
 * The worker's module: the compiled one beside the server's bundle (dist/import-worker.js),
 * or, run from sources (tests, `npm run dev`), this folder's TypeScript bundled once per
 * process by esbuild (a development dependency, never loaded by the built server). A
 * TypeScript loader registered in every worker took about half a second an import.
 */
let workerModule: Promise<URL> | undefined;
function importWorkerUrl(): Promise<URL> {
  return (workerModule ??= import.meta.url.endsWith('.ts')
    ? bundleFromSources()
    : Promise.resolve(new URL('./import-worker.js', import.meta.url)));
}

/** import-worker.ts and everything it imports as one module, in a `data:` URL. */
async function bundleFromSources(): Promise<URL> {
  const { build } = await import('esbuild');
  const { outputFiles } = await build({
    entryPoints: [fileURLToPath(new URL('./import-worker.ts', import.meta.url))],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    logLevel: 'warning',
  });
  const code = outputFiles[0]!.text;
  return new URL(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
}

/** Import files parsed at once on this instance; the next wait in arrival order. */
let running = 0;
const waiting: Array<() => void> = [];
async function turn(): Promise<() => void> {
  if (running >= ACCOUNT_IMPORTS_IN_FLIGHT) {
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  running++;
  return () => {
    running--;
    waiting.shift()?.();
  };
}

/** The keys of the account's own blocks, computed by the database (md5 of UTF-8, as Node's). */
async function existingKeys(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .select({ key: sql<string>`md5(${blocks.name}) || ':' || md5(${blocks.content})` })
    .from(blocks)
    .where(and(eq(blocks.userId, userId), eq(blocks.isSystemBlock, false)));
  return rows.map((row) => row.key);
}

function refusal(code: Extract<ImportReply, { refused: unknown }>['refused']): Error {
  switch (code) {
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new errorCodes.FST_ERR_CTP_EMPTY_JSON_BODY();
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY();
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE();
    default:
      return new HttpError(400, code);
  }
}

/**
 * Reads an import's body into a worker thread as it arrives (decision 093): the main thread
 * only passes chunks on; the worker checks the nesting, parses, validates against the import
 * schema, matches the file's blocks with the account's and checks the quotas, all before a
 * single write. Resolves with the checked file, or the schema's issues; rejects a refusal.
 */
export async function readImportFile(
  db: DbOrTx,
  userId: string,
  payload: IncomingMessage,
  limit: number,
): Promise<ImportReply> {
  const contentLength = Number(payload.headers['content-length']);
  if (contentLength > limit) throw new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE();
  payload.pause();
  const release = await turn();
  try {
    const job: ImportJob = {
      limit,
      usage: await readUsage(db, userId),
      existingKeys: await existingKeys(db, userId),
    };
    const worker = new Worker(await importWorkerUrl(), { workerData: job });
    try {
      return await new Promise<ImportReply>((resolve, reject) => {
        let received = 0;
        worker.once('message', (reply: ImportReply) => {
          payload.removeAllListeners('data');
          if ('refused' in reply) reject(refusal(reply.refused));
          else resolve(reply);
        });
        worker.once('error', reject);
        worker.once('exit', () => reject(new Error('import worker stopped')));
        payload.on('data', (chunk: Buffer) => {
          received += chunk.length;
          // A copy, moved to the worker: a chunk may be a view over a shared socket buffer.
          const copy = new Uint8Array(chunk);
          worker.postMessage(copy, [copy.buffer]);
        });
        payload.once('error', reject);
        payload.once('end', () => {
          if (!Number.isNaN(contentLength) && received !== contentLength) {
            reject(new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH());
          } else worker.postMessage('end');
        });
        payload.resume();
      });
    } finally {
      void worker.terminate();
    }
  } finally {
    release();
  }
}
