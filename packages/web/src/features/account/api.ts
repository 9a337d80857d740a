import {
  accountExportSchema,
  accountImportResultSchema,
  coded,
  type AccountExport,
  type AccountImportResult,
} from '@promptloom/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../lib/api-client';
import { logout } from '../auth';

/** GET /api/account/export: the whole file, as the server wrote it (decision 060). */
export async function fetchExport(): Promise<unknown> {
  return api.get('/api/account/export', z.unknown());
}

/** POST /api/account/import; every list of the account may have grown. */
export function useImportAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: AccountExport): Promise<AccountImportResult> =>
      api.post('/api/account/import', file, accountImportResultSchema),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

/** DELETE /api/account, then this browser signs out like a log-out. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: async () => {
      await api.delete('/api/account');
      await logout();
    },
  });
}

/**
 * Reads a chosen file with the schema the server validates with: a file that is not an
 * export is named before anything is sent. Its issue says the first problem and where.
 */
export async function readExportFile(
  file: File,
): Promise<{ ok: true; data: AccountExport } | { ok: false; message: string; path: string }> {
  let json: unknown;
  try {
    json = JSON.parse(await file.text());
  } catch {
    return { ok: false, message: coded('ACCOUNT_IMPORT_NOT_EXPORT').error, path: '' };
  }
  const parsed = accountExportSchema.safeParse(json);
  if (parsed.success) return { ok: true, data: parsed.data };
  const issue = parsed.error.issues[0]!;
  // A top-level field (format, version) needs no place: its message says it all.
  const path = issue.path.length > 1 ? issue.path.join('.') : '';
  return { ok: false, message: issue.message, path };
}
