import { lintSource } from '@secretlint/core';
import { creator as recommended } from '@secretlint/secretlint-rule-preset-recommend';
import type { SecretLintCoreConfig } from '@secretlint/types';
import { azureRule } from './azure-rule';
import { pemRule } from './pem-rule';
import { extensionOf, findingsOf, type SecretFinding } from './scan';

// The scan as secretlint runs it: the recommended preset as one unit, Azure and the keys, every rule
// over every text. Tests and the bench compare the keyword-filtered scan with it.
const FULL_CONFIG: SecretLintCoreConfig = {
  rules: [
    {
      id: recommended.meta.id,
      rule: recommended,
      rules: [{ id: '@secretlint/secretlint-rule-aws', options: { enableIDScanRule: true } }],
    },
    { id: azureRule.meta.id, rule: azureRule },
    { id: pemRule.meta.id, rule: pemRule },
  ],
};

/** Findings of every rule run over the whole text (no keyword pre-filter). */
export async function referenceScanText(path: string, content: string): Promise<SecretFinding[]> {
  const result = await lintSource({
    source: { filePath: '', content, contentType: 'text', ext: extensionOf(path) },
    options: { config: FULL_CONFIG, noPhysicFilePath: true },
  });
  return findingsOf(path, content, result.messages);
}
