import type { SecretLintRuleCreator } from '@secretlint/types';

/**
 * The preset's private-key rule only reports a PEM body that starts like a long DER sequence
 * (`MI…`, 100+ characters) under the RSA, DSA, EC, OpenSSH or PGP labels: it misses the keys
 * OpenSSL writes by default for EC curves (`-----BEGIN EC PRIVATE KEY-----`, a short body that
 * starts `MH…`) and Ed25519 (`MC…`), passphrase-protected PKCS#8 keys (`ENCRYPTED PRIVATE
 * KEY`) and legacy encrypted PEM with `Proc-Type`/`DEK-Info` headers. This rule reports every
 * private-key block whose body is base64 DER (it starts with `M`, an ASN.1 SEQUENCE), an
 * OpenSSH key or, after encryption headers, ciphertext, over the same range as the preset (BEGIN to END), so that a key both rules
 * find is one finding (findingsOf keeps one of identical findings). Decision 094.
 */
const LABEL = '(?:(?:RSA|DSA|EC|OPENSSH|PGP|ENCRYPTED) )?PRIVATE KEY(?: BLOCK)?';
const PEM = new RegExp(
  // Escaped newlines (`\n` inside a JSON string) count as line breaks.
  `-----BEGIN (${LABEL})-----(?:\\s|\\\\n)*` +
    `((?:[A-Za-z-]+: [^\\n\\\\]*(?:\\n|\\\\n))*)` +
    `([A-Za-z0-9+/=\\s\\\\]{40,20000}?)` +
    `-----END \\1-----`,
  'g',
);
const DER_BODY = /^(?:M|b3BlbnNzaC1rZXktdjE)[A-Za-z0-9+/]{39,}=*$/;
/** Legacy encrypted PEM: the body is ciphertext, any base64. */
const CIPHER_BODY = /^[A-Za-z0-9+/]{40,}=*$/;

const messages = {
  PrivateKey: {
    en: (props: { KEY: string }) => `found private key: ${props.KEY}`,
  },
};

export const pemRule: SecretLintRuleCreator = {
  messages,
  meta: {
    id: 'promptloom/private-key',
    recommended: true,
    type: 'scanner',
    supportedContentTypes: ['text'],
    docs: { url: 'https://datatracker.ietf.org/doc/html/rfc7468' },
  },
  create(context) {
    const t = context.createTranslator(messages);
    return {
      file(source) {
        for (const match of source.content.matchAll(PEM)) {
          const body = match[3]!.replace(/\s|\\n/g, '');
          if (!(match[2] ? CIPHER_BODY : DER_BODY).test(body)) continue;
          context.report({
            message: t('PrivateKey', { KEY: match[0] }),
            range: [match.index, match.index + match[0].length],
          });
        }
      },
    };
  },
};
