import { describe, expect, it } from 'vitest';
import { MemoryFileProvider } from '../files/memory-provider';
import { changesSincePrompt } from '../prompt/changes-since';
import { redactSecretsIn } from '../secrets/redact';
import { redactLike } from './redacted';

const TOKEN = 'ghp_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8';
const KEY = '-----BEGIN RSA PRIVATE KEY-----\nMIIEow\nIBAAKC\n-----END RSA PRIVATE KEY-----';
const FILE = `# settings\nGITHUB_TOKEN=${TOKEN}\nREGION=eu-west-3\n${KEY}\nRETRIES=3\n`;
/** What the secret gate kept of FILE in the history snapshot after Redact. */
const REDACTED = redactSecretsIn(
  FILE,
  new Map([
    [TOKEN, 'github-token'],
    [KEY, 'private-key'],
  ]),
);

describe('redactLike', () => {
  it('gives an unchanged file back as the redacted snapshot, multi-line secrets included', () => {
    expect(REDACTED).toContain('GITHUB_TOKEN=[REDACTED:github-token]\n');
    expect(REDACTED).toContain('eu-west-3\n[REDACTED:private-key]\nRETRIES');
    expect(redactLike(REDACTED, FILE)).toBe(REDACTED);
  });

  it('keeps a real change elsewhere and masks only the redacted spans', () => {
    const changed = FILE.replace('REGION=eu-west-3', 'REGION=us-east-1').replace(
      'RETRIES=3',
      'RETRIES=5',
    );
    const masked = redactLike(REDACTED, changed);
    expect(masked).toBe(
      REDACTED.replace('REGION=eu-west-3', 'REGION=us-east-1').replace('RETRIES=3', 'RETRIES=5'),
    );
    expect(masked).not.toContain(TOKEN);
  });

  it('masks a secret line next to a changed line in the same hunk', () => {
    const changed = FILE.replace('# settings\n', '# deployment settings\n');
    expect(redactLike(REDACTED, changed)).toBe(
      REDACTED.replace('# settings\n', '# deployment settings\n'),
    );
  });

  it('leaves the text as it is when nothing was redacted or the secret line is gone', () => {
    expect(redactLike(FILE, 'other\n')).toBe('other\n');
    const without = FILE.replace(`GITHUB_TOKEN=${TOKEN}\n`, '');
    expect(redactLike(REDACTED, without)).not.toContain('github-token');
    expect(redactLike(REDACTED, without)).toContain('[REDACTED:private-key]');
  });
});

describe('changesSincePrompt after a redacted prompt', () => {
  const structure = { '.env': { size: FILE.length, mtime: 1 } };
  const previous = { at: '2026-11-25T10:00:00.000Z', structure, contents: { '.env': REDACTED } };
  const now = (text: string) => ({
    provider: new MemoryFileProvider({ '.env': text }),
    stats: new Map([['.env', { size: text.length, mtime: 2 }]]),
  });

  it('reports no change for a touched file whose only difference is the redaction', async () => {
    const changes = await changesSincePrompt(previous, now(FILE));
    expect(changes).toEqual({ since: previous.at, diff: '', unshown: [] });
  });

  it('diffs only the line that changed, without the secret', async () => {
    const changes = await changesSincePrompt(previous, now(FILE.replace('=3', '=4')));
    expect(changes.diff).toContain('-RETRIES=3\n+RETRIES=4\n');
    expect(changes.diff).not.toMatch(/^[-+]GITHUB_TOKEN/m);
    expect(changes.diff).not.toContain(TOKEN);
  });
});
