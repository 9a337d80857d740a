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

  it('finds the private keys OpenSSL writes, each once, whatever the kind and encryption', async () => {
    const pem = { format: 'pem' } as const;
    const encrypted = { ...pem, cipher: 'aes-128-cbc', passphrase: 'correct horse' } as const;
    const keys = {
      'ec sec1': generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({
        ...pem,
        type: 'sec1',
      }),
      'ec pkcs8': generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({
        ...pem,
        type: 'pkcs8',
      }),
      ed25519: generateKeyPairSync('ed25519').privateKey.export({ ...pem, type: 'pkcs8' }),
      dsa: generateKeyPairSync('dsa', {
        modulusLength: 1024,
        divisorLength: 160,
      }).privateKey.export({
        ...pem,
        type: 'pkcs8',
      }),
      'rsa pkcs1': generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({
        ...pem,
        type: 'pkcs1',
      }),
      'rsa pkcs1 encrypted': generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({
        ...encrypted,
        type: 'pkcs1',
      }),
      'pkcs8 encrypted': generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({
        ...encrypted,
        type: 'pkcs8',
      }),
    };
    for (const [name, key] of Object.entries(keys)) {
      const text = `# ${name}\n${String(key)}`;
      const findings = await scanText(`keys/${name}.pem`, text);
      expect(findings, name).toMatchObject([{ line: 2, kind: 'private-key' }]);
      expect(redactText(text, findings), name).toBe(`# ${name}\n[REDACTED:private-key]\n`);
    }
  });
});
