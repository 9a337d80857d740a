import { CURATED_AUTHOR_NAME } from '@promptloom/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInProfile } from '../src/modules/auth/users.service';
import { startFlow, submitLocalForm } from '../src/modules/auth/testing';
import { buildTestApp, type TestApp } from './helpers';

/**
 * Display names (decision 093) pass the rule names pass: no bidirectional controls or
 * zero-width characters, and none reads as the curated author's. Local sign-in refuses them in
 * its form; a provider's profile name is cleaned, since its user chose it elsewhere.
 */
describe('display names', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('refuses hidden characters and the curated author’s name at local sign-in', async () => {
    for (const name of [
      'Prompt\u200Bloom',
      'Ada\u202Eecalevol',
      CURATED_AUTHOR_NAME,
      'PROMPT loom',
      '\uFF30romptloom',
    ]) {
      const flow = await startFlow(t, 'local');
      const res = await submitLocalForm(t, flow, { name, email: 'ada@example.test' });
      expect(res.statusCode, name).toBe(400);
      expect(res.body).toContain('aria-describedby="name-error"');
      expect(res.body).toContain('“Promptloom”');
    }
    // Scripts that shape with joiners, and emoji, are names as they are written.
    for (const name of ['می‌خواهم', 'Ada 👩‍💻']) {
      const flow = await startFlow(t, 'local');
      const res = await submitLocalForm(t, flow, { name, email: 'ada@example.test' });
      expect(res.statusCode, name).toBe(302);
    }
  });

  it('cleans a provider’s name of hidden characters and tells the curated author’s apart', async () => {
    const profile = (name: string) => ({
      provider: 'github',
      subject: `octo-${name.length}-${Math.random()}`,
      name,
      email: null,
      avatarUrl: null,
    });
    expect((await signInProfile(t.db, profile('Prompt\u200Bloom\u202E'))).name).toBe(
      'Promptloom (github)',
    );
    expect((await signInProfile(t.db, profile('Grace\u2066 Hopper'))).name).toBe('Grace Hopper');
    expect((await signInProfile(t.db, profile('Ada 👩‍💻'))).name).toBe('Ada 👩‍💻');
    const hidden = profile('\u200B\u200B');
    expect((await signInProfile(t.db, hidden)).name).toBe(hidden.subject);
  });
});
