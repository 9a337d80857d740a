import type {
  SecretLintRuleContext,
  SecretLintRuleCreator,
  SecretLintRuleMessageTranslate,
} from '@secretlint/types';

/**
 * Secretlint's recommended preset has no Azure rule (and its maintainers declined to add one),
 * so Azure keys are added as one more secretlint rule run by the same engine.
 * The two shapes are the ones Microsoft documents and gitleaks' maintained rule list checks:
 * an Entra ID (Azure AD) client secret (three characters, a digit, `Q~`, 31–34 more), and a
 * storage account key (86 base64 characters and `==`) after `AccountKey=` in a connection
 * string. Decision 021 says why this one rule is written here.
 */
const CLIENT_SECRET =
  /(?<![A-Za-z0-9_~.-])[A-Za-z0-9_~.]{3}\dQ~[A-Za-z0-9_~.-]{31,34}(?![A-Za-z0-9_~.-])/g;
const STORAGE_KEY = /(?<=AccountKey=)[A-Za-z0-9+/]{86}==/gi;

const messages = {
  AZURE_CLIENT_SECRET: {
    en: (props: { KEY: string }) => `found Azure client secret: ${props.KEY}`,
  },
  AZURE_STORAGE_ACCOUNT_KEY: {
    en: (props: { KEY: string }) => `found Azure storage account key: ${props.KEY}`,
  },
};

function report(
  content: string,
  pattern: RegExp,
  messageId: keyof typeof messages,
  t: SecretLintRuleMessageTranslate<typeof messages>,
  context: SecretLintRuleContext,
): void {
  for (const match of content.matchAll(pattern)) {
    const start = match.index;
    context.report({
      message: t(messageId, { KEY: match[0] }),
      range: [start, start + match[0].length],
    });
  }
}

export const azureRule: SecretLintRuleCreator = {
  messages,
  meta: {
    id: 'promptloom/azure',
    recommended: true,
    type: 'scanner',
    supportedContentTypes: ['text'],
    docs: { url: 'https://learn.microsoft.com/azure/storage/common/storage-account-keys-manage' },
  },
  create(context) {
    const t = context.createTranslator(messages);
    return {
      file(source) {
        report(source.content, CLIENT_SECRET, 'AZURE_CLIENT_SECRET', t, context);
        report(source.content, STORAGE_KEY, 'AZURE_STORAGE_ACCOUNT_KEY', t, context);
      },
    };
  },
};
