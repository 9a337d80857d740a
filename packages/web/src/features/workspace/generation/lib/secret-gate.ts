import type { GeneratedPrompt, PromptItem } from '@promptloom/core';
import { redactSecretsIn, secretValues, type ScannedFile } from '@promptloom/core/secrets';
import { useSecretWarning } from '../stores/secret-warning-store';
import { scanForSecrets } from './secrets-client';

/** What a block is called in a finding: it has no path. */
const blockLabel = (item: PromptItem, index: number) => `block: ${item.name ?? index + 1}`;

/**
 * Scans what a prompt was made of (the selected files as read, the active blocks, the
 * request) in the scan worker. Without findings the prompt passes as is; with findings the
 * user picks Redact (each secret becomes `[REDACTED:<kind>]` in this prompt and its
 * snapshot), Include anyway, or closes the warning (null: nothing is generated).
 */
export async function passSecretGate(
  result: GeneratedPrompt,
  items: readonly PromptItem[],
  finalRequest: string,
): Promise<GeneratedPrompt | null> {
  const texts: ScannedFile[] = [...result.contents].map(([path, content]) => ({ path, content }));
  items.forEach((item, index) => {
    if (item.isActive && item.content)
      texts.push({ path: blockLabel(item, index), content: item.content });
  });
  if (finalRequest) texts.push({ path: 'request', content: finalRequest });
  const findings = await scanForSecrets(texts);
  if (findings.length === 0) return result;
  const decision = await useSecretWarning.getState().ask(findings);
  if (decision === 'cancel') return null;
  if (decision === 'include') return result;
  const byPath = new Map(texts.map((text) => [text.path, text.content]));
  const values = secretValues(findings, (path) => byPath.get(path));
  const contents = new Map(
    [...result.contents].map(([path, content]) => [path, redactSecretsIn(content, values)]),
  );
  return { ...result, prompt: redactSecretsIn(result.prompt, values), contents };
}
