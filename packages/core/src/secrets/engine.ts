import { lintSource } from '@secretlint/core';
import { secretLintProfiler } from '@secretlint/profiler';
import { rules as recommendedRules } from '@secretlint/secretlint-rule-preset-recommend';
import type {
  SecretLintCoreConfig,
  SecretLintCoreResultMessage,
  SecretLintRuleCreator,
} from '@secretlint/types';
import { azureRule } from './azure-rule';
import { FILTER_RULE_IDS, keywordsOf } from './keywords';
import { pemRule } from './pem-rule';

// secretlint marks every rule of every file on a PerformanceObserver that keeps each entry
// for the life of the thread: a cost per file that grows with the files scanned, for a
// profile nobody reads here. setEnabled(false) is secretlint's own switch for it.
secretLintProfiler.setEnabled(false);

/**
 * Secretlint's recommended preset (kept up by the secretlint project), its rules listed one
 * by one so that a text runs only those its keywords call for, plus Azure, which the preset
 * lacks (azure-rule.ts), and the private keys its own rule misses (pem-rule.ts). Nothing
 * leaves the process: the rules only read the text.
 */
const RULES: readonly SecretLintRuleCreator[] = [
  ...(recommendedRules as SecretLintRuleCreator[]),
  azureRule,
  pemRule,
];
const RULE_OPTIONS: Readonly<Record<string, object>> = {
  // AWS access key ids (AKIA…) are off by default in the preset; a prompt leaking one beside
  // its secret is exactly what the scan is for.
  '@secretlint/secretlint-rule-aws': { enableIDScanRule: true },
};
/** Rules of a later preset release that keywords.ts does not know yet: run on every text. */
const unknown = RULES.map((rule) => rule.meta.id).filter(
  (id) => !FILTER_RULE_IDS.has(id) && keywordsOf(id) === null,
);
const byId = new Map(RULES.map((rule) => [rule.meta.id, rule]));
const filters = RULES.filter((rule) => FILTER_RULE_IDS.has(rule.meta.id));
/** One engine configuration per set of rules met so far (few distinct sets occur). */
const configs = new Map<string, SecretLintCoreConfig>();

function configFor(ids: readonly string[]): SecretLintCoreConfig {
  const key = ids.join(' ');
  let config = configs.get(key);
  if (!config) {
    const picked = [...ids.map((id) => byId.get(id)!), ...filters];
    config = {
      rules: picked.map((rule) => ({
        id: rule.meta.id,
        rule,
        options: RULE_OPTIONS[rule.meta.id] ?? {},
      })),
    };
    configs.set(key, config);
  }
  return config;
}

/**
 * The engine's messages for one text, running only `ruleIds` (the rules whose keywords occur
 * in it, keywords.ts) and the filter rules.
 */
export async function lintText(
  content: string,
  ext: string,
  ruleIds: readonly string[],
): Promise<SecretLintCoreResultMessage[]> {
  const ids = [...new Set([...ruleIds, ...unknown])].sort();
  const result = await lintSource({
    // No filePath: the GCP rule calls node:path's basename on it, which a browser lacks (and
    // the rules read nothing from disk here); `ext` is what the rules go by.
    source: { filePath: '', content, contentType: 'text', ext },
    options: { config: configFor(ids), noPhysicFilePath: true },
  });
  return result.messages;
}

/** The preset's rules that keywords.ts has no keywords for (a test keeps this empty). */
export const rulesWithoutKeywords: readonly string[] = unknown;
