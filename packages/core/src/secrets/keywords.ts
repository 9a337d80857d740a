import preset from '@secretlint/secretlint-rule-preset-recommend/package.json' with { type: 'json' };

/**
 * The rule set's release: findings kept between runs (the CLI's piece cache) are only reused
 * under the same one. Bump the suffix when a keyword list or the Azure rule changes.
 */
export const SECRET_RULES_RELEASE = `${preset.name}@${preset.version}+promptloom.2`;

/**
 * Literal keywords of each secret rule, as gitleaks keeps them beside its rules: a rule can
 * only report where one of its keywords occurs (in any letter case), so one pass over a text
 * tells which rules are worth running on it, and a text with no keyword at all never reaches
 * the rule engine. Each list is read off the rule's own patterns in
 * @secretlint/secretlint-rule-preset-recommend (13.x), azure-rule.ts and pem-rule.ts: every
 * string a pattern accepts contains one of them. A rule of a later preset release missing here runs
 * on every text (`keywordsOf` returns null), so an upgrade never loses findings, and a test
 * fails until its keywords are added. Decision 049 says why.
 */
const RULE_KEYWORDS: Readonly<Record<string, readonly string[]>> = {
  // Access key ids (enableIDScanRule), account ids, then AWS_SECRET_ACCESS_KEY and its spellings.
  '@secretlint/secretlint-rule-aws': [
    'a3t',
    'akia',
    'agpa',
    'aida',
    'aroa',
    'aipa',
    'anpa',
    'anva',
    'asia',
    'account',
    'secret',
  ],
  // Only service-account JSON (`"private_key"`) and .p12 files (see `rulesFor`).
  '@secretlint/secretlint-rule-gcp': ['private_key'],
  // The .npmrc and package.json checks need a file path, which the scan never passes.
  '@secretlint/secretlint-rule-npm': ['npm_'],
  '@secretlint/secretlint-rule-slack': [
    'xoxb-',
    'xoxp-',
    'xapp-',
    'xoxa-',
    'xoxo-',
    'xoxr-',
    'hooks.slack.com',
  ],
  '@secretlint/secretlint-rule-basicauth': ['://'],
  '@secretlint/secretlint-rule-openai': ['t3blbkfj'],
  '@secretlint/secretlint-rule-anthropic': ['sk-ant-api0'],
  '@secretlint/secretlint-rule-groq': ['gsk_'],
  '@secretlint/secretlint-rule-huggingface': ['hf_'],
  '@secretlint/secretlint-rule-linear': ['lin_api_'],
  '@secretlint/secretlint-rule-notion': ['ntn_'],
  '@secretlint/secretlint-rule-privatekey': ['private key'],
  '@secretlint/secretlint-rule-sendgrid': ['sg.'],
  '@secretlint/secretlint-rule-shopify': ['shppa_', 'shpca_', 'shpat_', 'shpss_'],
  '@secretlint/secretlint-rule-stripe': ['sk_live_', 'sk_test_', 'rk_live_', 'rk_test_'],
  '@secretlint/secretlint-rule-github': ['ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_', 'github_pat_'],
  '@secretlint/secretlint-rule-gitlab': ['glpat-'],
  '@secretlint/secretlint-rule-grafana': ['glc_', 'glsa_'],
  '@secretlint/secretlint-rule-1password': ['ops_ey'],
  '@secretlint/secretlint-rule-database-connection-string': ['mongodb', 'mysql', 'postgres'],
  '@secretlint/secretlint-rule-hashicorp-vault': ['hvs.', 'hvb.', 'hvr.'],
  '@secretlint/secretlint-rule-vercel': ['vcp_', 'vci_', 'vca_', 'vcr_', 'vck_'],
  '@secretlint/secretlint-rule-databricks': ['dapi'],
  '@secretlint/secretlint-rule-docker': ['dckr_pat_'],
  '@secretlint/secretlint-rule-figma': ['figd_'],
  '@secretlint/secretlint-rule-cloudflare': ['cfk_', 'cfut_', 'cfat_'],
  '@secretlint/secretlint-rule-tailscale': ['tskey-'],
  // Entra ID client secrets hold `<digit>Q~`; storage keys follow `AccountKey=`.
  'promptloom/azure': ['q~', 'accountkey='],
  'promptloom/private-key': ['private key'],
};

/**
 * Rules that only act on what other rules report (secretlint-disable comments): never a
 * reason to run the engine, always run when it does.
 */
export const FILTER_RULE_IDS: ReadonlySet<string> = new Set([
  '@secretlint/secretlint-rule-filter-comments',
]);

/** The rules this table knows, the filters included. */
export const KNOWN_RULE_IDS: readonly string[] = [
  ...Object.keys(RULE_KEYWORDS),
  ...FILTER_RULE_IDS,
];

/** A rule's keywords (lower case), or null when it has none and must run on every text. */
export function keywordsOf(ruleId: string): readonly string[] | null {
  return RULE_KEYWORDS[ruleId] ?? null;
}

const escape = (keyword: string) => keyword.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A pre-filter over the given rules: `rulesFor(text, ext)` returns the ids of the rules
 * whose keywords occur in the text, in one case-insensitive pass of one regular expression
 * (an alternation of every keyword, which V8 compiles to one automaton), plus the rules
 * without keywords. Filter rules are left out (the caller adds them to a non-empty set).
 */
export function keywordPrefilter(ruleIds: readonly string[]) {
  const always: string[] = [];
  const scanners = ruleIds.filter((id) => !FILTER_RULE_IDS.has(id)).length;
  const rulesByKeyword = new Map<string, string[]>();
  for (const id of ruleIds) {
    if (FILTER_RULE_IDS.has(id)) continue;
    const keywords = keywordsOf(id);
    if (keywords === null) {
      always.push(id);
      continue;
    }
    for (const keyword of keywords) {
      const rules = rulesByKeyword.get(keyword) ?? [];
      rules.push(id);
      rulesByKeyword.set(keyword, rules);
    }
  }
  // Longer keywords first: where one keyword begins another, the pattern reports the longer,
  // which therefore stands for the rules of both.
  const keywords = [...rulesByKeyword.keys()].sort((a, b) => b.length - a.length);
  for (const keyword of keywords) {
    for (const shorter of keywords) {
      if (shorter.length < keyword.length && keyword.startsWith(shorter)) {
        rulesByKeyword.get(keyword)!.push(...rulesByKeyword.get(shorter)!);
      }
    }
  }
  const pattern = new RegExp(keywords.map(escape).join('|'), 'gi');
  return {
    rulesFor(text: string, ext: string): string[] {
      const found = new Set(always);
      // The GCP rule reads .p12 files whatever they hold.
      if (ext === '.p12') found.add('@secretlint/secretlint-rule-gcp');
      pattern.lastIndex = 0;
      for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
        for (const id of rulesByKeyword.get(match[0].toLowerCase())!) found.add(id);
        if (found.size === scanners) break;
        // From the next character, not the match's end: keywords may overlap ("asiaida").
        pattern.lastIndex = match.index + 1;
      }
      return [...found];
    },
  };
}
