/// <reference lib="webworker" />
/**
 * The secret scan off the main thread: secretlint's rules are a few hundred regular
 * expressions over every selected file, and the page must keep answering keystrokes. The
 * texts arrive by message and findings go back the same way; nothing leaves the browser.
 */
import { scanFiles } from '@promptloom/core/secrets';
import type { SecretsRequest, SecretsResponse } from './secrets-protocol';

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = async (event: MessageEvent<SecretsRequest>) => {
  const { id, files } = event.data;
  let response: SecretsResponse;
  try {
    response = { id, findings: await scanFiles(files) };
  } catch (error) {
    response = { id, error: error instanceof Error ? error.message : String(error) };
  }
  scope.postMessage(response);
};
