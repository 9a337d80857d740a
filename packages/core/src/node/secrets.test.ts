import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { redactText, scanText } from '../secrets';

// Real keys from OpenSSL (through node:crypto) rather than fixtures shaped like them.
describe('secret scan on keys node:crypto generated', () => {
  for (const type of ['pkcs1', 'pkcs8'] as const) {
    it(`finds and redacts an RSA private key (${type})`, async () => {
      const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      const pem = privateKey.export({ type, format: 'pem' }).toString();
      const text = `# deploy key\n${pem}# end\n`;
      const findings = await scanText('keys/id_rsa', text);
      expect(findings).toMatchObject([{ line: 2, column: 1, kind: 'private-key' }]);
      expect(redactText(text, findings)).toBe('# deploy key\n[REDACTED:private-key]\n# end\n');
    });
  }
});
