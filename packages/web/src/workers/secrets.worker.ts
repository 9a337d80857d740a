/// <reference lib="webworker" />
/**
 * The secret scan off the main thread: secretlint's rules are a few hundred regular
 * expressions over every selected file, and the page must keep answering keystrokes. The
 * texts arrive by message and findings go back the same way; nothing leaves the browser.
 */
import { SECRET_RULES_RELEASE, scanFiles } from '@promptloom/core/secrets';
import { openFindingsDb, scanWithCache } from './secret-findings-cache';
import type { SecretsRequest, SecretsResponse } from './secrets-protocol';

const scope = self as unknown as DedicatedWorkerGlobalScope;
// Findings kept between visits: a text scanned before is not scanned again.
const database = openFindingsDb().catch(() => null);

scope.onmessage = async (event: MessageEvent<SecretsRequest>) => {
  const { id, files } = event.data;
  let response: SecretsResponse;
  try {
    const findings = await scanWithCache(files, SECRET_RULES_RELEASE, scanFiles, await database);
    response = { id, findings };
  } catch (error) {
    response = { id, error: error instanceof Error ? error.message : String(error) };
  }
  scope.postMessage(response);
};
