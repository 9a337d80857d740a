/**
 * Made-up secrets in each provider's published shape, for tests, the e2e suite and the
 * bench. They are built at run time from a seeded generator so this repository holds no
 * string a scanner would flag, and so no real credential is ever in a fixture.
 */
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const BASE64 = `${ALNUM}+/`;

/** Deterministic characters (a linear congruential generator): the same fixtures every run. */
export function fakeChars(length: number, seed: number, alphabet = ALNUM): string {
  let state = seed >>> 0;
  let out = '';
  for (let i = 0; i < length; i++) {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    out += alphabet[state % alphabet.length];
  }
  return out;
}

const upper = (length: number, seed: number) =>
  fakeChars(length, seed, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567');

/**
 * A PEM block of the given label whose body looks like DER (it starts `MII`, or `start` with
 * `length` characters after it: a SEC1 EC key is 160 characters starting `MHcCAQEE`).
 */
export function fakePem(label: string, seed: number, start = 'MII', length = 1213): string {
  const body = `${start}${fakeChars(length, seed, BASE64)}`;
  const lines = body.match(/.{1,64}/g) ?? [];
  return [`-----BEGIN ${label}-----`, ...lines, `-----END ${label}-----`].join('\n');
}

export interface SecretSample {
  /** What the provider calls it, for test names. */
  name: string;
  /** A line of code or config holding the secret. */
  text: string;
  /** The secret itself, which redaction must remove. */
  secret: string;
}

function sample(name: string, secret: string, wrap: (secret: string) => string): SecretSample {
  return { name, secret, text: wrap(secret) };
}

/** One sample per kind the issue names. */
export function secretSamples(): SecretSample[] {
  const gcpKey = fakePem('PRIVATE KEY', 7);
  return [
    sample('AWS access key id', `AKIA${upper(16, 1)}`, (s) => `const accessKeyId = "${s}";`),
    sample(
      'AWS secret access key',
      fakeChars(40, 2, BASE64),
      (s) => `aws_secret_access_key = "${s}"`,
    ),
    sample('GCP service account key', gcpKey, (s) =>
      JSON.stringify({
        type: 'service_account',
        project_id: 'demo',
        private_key_id: fakeChars(40, 8, '0123456789abcdef'),
        private_key: s,
        client_email: 'demo@demo.iam.gserviceaccount.com',
      }),
    ),
    sample(
      'Azure client secret',
      `${fakeChars(3, 3)}8Q~${fakeChars(34, 4)}`,
      (s) => `AZURE_CLIENT_SECRET=${s}`,
    ),
    sample(
      'Azure storage account key',
      `${fakeChars(86, 5, BASE64)}==`,
      (s) =>
        `DefaultEndpointsProtocol=https;AccountName=demo;AccountKey=${s};EndpointSuffix=core.windows.net`,
    ),
    sample('GitHub token', `ghp_${fakeChars(36, 6)}`, (s) => `GITHUB_TOKEN=${s}`),
    sample('GitLab token', `glpat-${fakeChars(20, 9)}`, (s) => `gitlab_token: ${s}`),
    sample(
      'Slack token',
      `xoxb-${fakeChars(12, 10, '0123456789')}-${fakeChars(13, 11, '0123456789')}-${fakeChars(24, 12)}`,
      (s) => `SLACK_BOT_TOKEN=${s}`,
    ),
    sample('npm token', `npm_${fakeChars(36, 13)}`, (s) => `//registry.npmjs.org/:_authToken=${s}`),
    sample('Stripe key', `sk_live_${fakeChars(32, 14)}`, (s) => `stripe.apiKey = '${s}';`),
    sample('RSA private key', fakePem('RSA PRIVATE KEY', 15), (s) => `${s}\n`),
    sample(
      'basic-auth URL',
      `https://deploy:${fakeChars(16, 16)}@git.example.com`,
      (s) => `remote = "${s}/repo.git"`,
    ),
    sample('EC private key', fakePem('EC PRIVATE KEY', 17, 'MHcCAQEE', 152), (s) => `${s}\n`),
    sample('encrypted private key', fakePem('ENCRYPTED PRIVATE KEY', 18), (s) => `${s}\n`),
    sample('DSA private key', fakePem('DSA PRIVATE KEY', 19), (s) => `${s}\n`),
  ];
}
