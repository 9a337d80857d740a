// Worker thread body: an account import's file read, parsed and checked away from the event
// loop (decision 093). The main thread posts the body's chunks as they arrive, then `end`.
import { createHash } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';
// The modules it needs rather than the core's index: each import starts a worker, and the
// whole index takes it longer to load from sources than the import takes to check.
import { accountImportUsage, addUsage } from '@promptloom/core/account/import-plan';
import { accountImportSchema } from '@promptloom/core/contract';
import { quotaExceeded } from '@promptloom/core/quotas';
import { JsonDepthScanner } from '../../plugins/json-depth';
import type { ImportJob, ImportReply, ImportedBlock } from './import-file';

const port = parentPort;
if (!port) throw new Error('This module runs as a worker thread.');
const job = workerData as ImportJob;

/** The key a block is known by when matching it with the account's: name and content. */
const blockKey = (name: string, content: string) =>
  `${createHash('md5').update(name).digest('hex')}:${createHash('md5').update(content).digest('hex')}`;

const scanner = new JsonDepthScanner();
const chunks: Uint8Array[] = [];
let received = 0;
let settled = false;

function answer(reply: ImportReply) {
  if (settled) return;
  settled = true;
  port!.postMessage(reply);
}

function finish(): ImportReply {
  if (received === 0) return { refused: 'FST_ERR_CTP_EMPTY_JSON_BODY' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.concat(chunks, received).toString('utf8'));
  } catch {
    return { refused: 'FST_ERR_CTP_INVALID_JSON_BODY' };
  }
  chunks.length = 0;
  const checked = accountImportSchema.safeParse(parsed);
  if (!checked.success) {
    return {
      issues: checked.error.issues.map((issue) => ({
        code: issue.code,
        path: issue.path.map((part) => (typeof part === 'symbol' ? String(part) : part)),
        message: issue.message,
      })),
    };
  }
  const file = checked.data;
  // The account's own blocks, by key: each matches at most one block of the file.
  const present = new Map<string, number>();
  for (const key of job.existingKeys) present.set(key, (present.get(key) ?? 0) + 1);
  const blocks: ImportedBlock[] = file.blocks.map((block) => {
    const key = blockKey(block.name, block.content);
    const left = block.isSystemBlock ? 0 : (present.get(key) ?? 0);
    if (left > 0) present.set(key, left - 1);
    return { ...block, key, present: left > 0 };
  });
  // Checked before any write (decision 093): what the file would add, against the room left.
  const adds = accountImportUsage({
    blocks: blocks.filter((block) => !block.present),
    compositions: file.compositions,
  });
  if (quotaExceeded(job.usage, addUsage(job.usage, adds))) {
    return { refused: 'ACCOUNT_IMPORT_QUOTA' };
  }
  return {
    file: {
      blocks,
      compositions: file.compositions,
      settings: file.settings,
      counted: {
        sharedItems: file.sharedItems.length,
        likes: file.likes.length,
        accessTokens: file.accessTokens.length,
        privateLinksOpened: file.privateLinksOpened.length,
      },
    },
  };
}

port.on('message', (message: Uint8Array | 'end') => {
  if (settled) return;
  if (message === 'end') {
    answer(finish());
    return;
  }
  received += message.length;
  if (received > job.limit) answer({ refused: 'FST_ERR_CTP_BODY_TOO_LARGE' });
  else if (!scanner.push(message)) answer({ refused: 'BODY_TOO_DEEP' });
  else chunks.push(message);
});
