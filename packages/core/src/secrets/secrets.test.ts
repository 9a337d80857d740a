import { describe, expect, it } from 'vitest';
import { secretSamples } from './fixtures';
import { redactSecretsIn, redactText, secretValues } from './redact';
import { scanFiles, scanText } from './scan';

const before = 'export const name = "demo";\n// settings below\n';
const after = '\nexport default name;\n';

describe('secret scan (secretlint recommended preset + Azure)', () => {
  for (const sample of secretSamples()) {
    it(`finds the ${sample.name} at its line and redacts it`, async () => {
      // The GCP rule reads service-account JSON files as a whole.
      const json = sample.name.startsWith('GCP');
      const text = json ? sample.text : `${before}${sample.text}${after}`;
      const path = json ? 'keys/service-account.json' : 'src/config.ts';
      const findings = await scanText(path, text);
      expect(findings.length).toBeGreaterThan(0);
      const line = text.slice(0, text.indexOf(sample.text)).split('\n').length;
      expect(findings[0]).toMatchObject({ path, line });
      const redacted = redactText(text, findings);
      const secret = json ? JSON.stringify(sample.secret).slice(1, -1) : sample.secret;
      expect(text).toContain(secret);
      expect(redacted).not.toContain(secret);
      expect(redacted).toContain(`[REDACTED:${findings[0]!.kind}]`);
      if (!json) expect(redacted.startsWith(before) && redacted.endsWith(after)).toBe(true);
    });
  }

  it('names each kind after the rule message', async () => {
    const text = secretSamples()
      .filter((sample) => !sample.name.startsWith('GCP'))
      .map((sample) => sample.text)
      .join('\n');
    const kinds = new Set((await scanText('all.env', text)).map((finding) => finding.kind));
    for (const kind of [
      'aws-access-key-id',
      'aws-secret-access-key',
      'azure-client-secret',
      'azure-storage-account-key',
      'github-token',
      'gitlab-personal-access-token',
      'slack-token',
      'npm-access-token',
      'stripe-secret-key-live',
      'private-key',
      'basic-auth',
    ]) {
      expect(kinds).toContain(kind);
    }
  });

  it('scans texts without an extension (a Dockerfile, a block, the request)', async () => {
    const github = secretSamples()[5]!;
    for (const path of ['Dockerfile', 'block: Deploy notes', 'request', 'a.b/LICENSE']) {
      expect(await scanText(path, `ENV ${github.text}\n`)).toMatchObject([
        { path, line: 1, kind: 'github-token' },
      ]);
    }
  });

  it('leaves ordinary code and the providers documented examples alone', async () => {
    const text = [
      'const token = process.env.GITHUB_TOKEN;',
      'const url = "https://example.com/path?user=me";',
      'aws_access_key_id = "AKIAIOSFODNN7EXAMPLE"',
      'aws_secret_access_key = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"',
      'function add(a, b) { return a + b; }',
    ].join('\n');
    expect(await scanText('src/clean.ts', text)).toEqual([]);
  });

  it('redacts the values of many files wherever a rendered prompt holds them', async () => {
    const [github, rsa] = [secretSamples()[5]!, secretSamples()[10]!];
    const files = [
      { path: 'a.env', content: `${github.text}\n` },
      { path: 'b.pem', content: rsa.text },
      { path: 'c.ts', content: 'export const x = 1;\n' },
    ];
    const findings = await scanFiles(files);
    expect(findings.map((finding) => [finding.path, finding.kind])).toEqual([
      ['a.env', 'github-token'],
      ['b.pem', 'private-key'],
    ]);
    const values = secretValues(findings, (path) => files.find((f) => f.path === path)?.content);
    const prompt = files.map((f) => `<file path="${f.path}">\n${f.content}</file>`).join('\n');
    const redacted = redactSecretsIn(prompt, values);
    expect(redacted).not.toContain(github.secret);
    expect(redacted).not.toContain(rsa.secret);
    expect(redacted).toContain('GITHUB_TOKEN=[REDACTED:github-token]');
    expect(redacted).toContain('<file path="b.pem">\n[REDACTED:private-key]\n</file>');
    expect(redacted).toContain('export const x = 1;');
  });
});
