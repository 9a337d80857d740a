import { describe, expect, it } from 'vitest';
import { MemoryFileProvider } from '../files/memory-provider';
import { hiddenReason } from '../tree/hidden';
import { scanProject } from '../tree/scan';
import { CORE_SYSTEM_IGNORE_PATTERNS } from './core-system-patterns';
import { defaultIgnoreCase } from './matcher';

describe('the core list: generated and vendored trees (decision 030)', () => {
  it('hides Yarn Berry’s vendored binary, plugins, SDKs and state and the PnP map, naming the rule', async () => {
    const provider = new MemoryFileProvider({
      '.yarn/releases/yarn-4.5.0.cjs': 'one 2 MB line',
      '.yarn/plugins/@yarnpkg/plugin-workspace-tools.cjs': 'bundled',
      '.yarn/sdks/typescript/lib/tsserver.js': 'generated shim',
      '.yarn/install-state.gz': 'state',
      '.yarn/build-state.yml': 'state',
      '.yarn/patches/left-pad.patch': 'written by the project: kept',
      '.yarnrc.yml': 'yarnPath: .yarn/releases/yarn-4.5.0.cjs',
      '.pnp.cjs': 'generated map',
      '.pnp.loader.mjs': 'generated loader',
      'Pods/Alamofire/Source.swift': 'installed',
      'vendor/bundle/ruby/gem.rb': 'installed',
      'vendor/lib/own.go': 'committed source: kept',
      '.terraform/providers/p': 'downloaded',
      'src/index.ts': 'export {};',
    });
    const scan = await scanProject(provider, 'p', { corePatterns: CORE_SYSTEM_IGNORE_PATTERNS });
    expect(scan.files.map((f) => f.path)).toEqual([
      '.yarn/patches/left-pad.patch',
      'src/index.ts',
      'vendor/lib/own.go',
      '.yarnrc.yml',
    ]);
    const why = (path: string) => {
      const entry = scan.hidden.find((h) => h.path === path);
      return entry && hiddenReason(entry.reason());
    };
    expect(why('.yarn/releases')).toMatchObject({ kind: 'core', pattern: '.yarn/releases/' });
    expect(why('.yarn/plugins')).toMatchObject({ kind: 'core', pattern: '.yarn/plugins/' });
    expect(why('.yarn/sdks')).toMatchObject({ kind: 'core', pattern: '.yarn/sdks/' });
    expect(why('.yarn/install-state.gz')).toMatchObject({ kind: 'core' });
    expect(why('.pnp.cjs')).toMatchObject({ kind: 'core', pattern: '.pnp.*' });
    expect(why('.pnp.loader.mjs')).toMatchObject({ kind: 'core', pattern: '.pnp.*' });
    expect(why('Pods')).toMatchObject({ kind: 'core', pattern: 'Pods/' });
    expect(why('vendor/bundle')).toMatchObject({ kind: 'core', pattern: '**/vendor/bundle/' });
    expect(why('.terraform')).toMatchObject({ kind: 'core', pattern: '.terraform/' });
    // Each pattern sits under a "# Category" line, which the settings page shows as its reason.
    const at = (line: string) => CORE_SYSTEM_IGNORE_PATTERNS.indexOf(line);
    const category = (line: string) =>
      CORE_SYSTEM_IGNORE_PATTERNS.slice(0, at(line)).findLast((l) => l.startsWith('# '));
    for (const line of ['.yarn/releases/', '.yarn/plugins/', '.pnp.*']) {
      expect(at(line)).toBeGreaterThan(-1);
      expect(category(line)).toBe('# Dependencies');
    }
  });
});

describe('the core list: credential files (decision 094)', () => {
  it('hides the usual credential files of a home folder or a project, keeping their neighbours', async () => {
    const provider = new MemoryFileProvider({
      '.ssh/id_rsa': 'k',
      '.ssh/id_ecdsa': 'k',
      '.ssh/id_dsa': 'k',
      '.ssh/id_ed25519': 'k',
      '.ssh/id_ecdsa.pub': 'public: kept',
      '.ssh/known_hosts': 'kept',
      '.aws/credentials': '[default]',
      '.aws/config': 'region: kept',
      '.git-credentials': 'https://u:p@host',
      '.netrc': 'machine host login u password p',
      _netrc: 'machine host login u password p',
      '.npmrc': '//registry.npmjs.org/:_authToken=t',
      '.docker/config.json': '{"auths":{}}',
      '.kube/config': 'users: []',
      'certs/client.p12': 'x',
      'certs/client.pfx': 'x',
      'app/.npmrc': 'registry=https://example.com',
      'app/deploy/.aws/credentials': '[ci]',
      'app/deploy/.kube/config': 'users: []',
      'app/deploy/.docker/config.json': '{"auths":{}}',
      'app/docker/config.json': 'not under .docker: kept',
      'app/src/index.ts': 'export {};',
    });
    const scan = await scanProject(provider, 'home', { corePatterns: CORE_SYSTEM_IGNORE_PATTERNS });
    expect(scan.files.map((f) => f.path).sort()).toEqual([
      '.aws/config',
      '.ssh/id_ecdsa.pub',
      '.ssh/known_hosts',
      'app/docker/config.json',
      'app/src/index.ts',
    ]);
    const category = (line: string) =>
      CORE_SYSTEM_IGNORE_PATTERNS.slice(0, CORE_SYSTEM_IGNORE_PATTERNS.indexOf(line)).findLast(
        (l) => l.startsWith('# '),
      );
    for (const line of ['id_ecdsa', '**/.aws/credentials', '.git-credentials', '.npmrc']) {
      expect(category(line)).toBe('# Secrets');
    }
  });
});

describe('core.ignorecase default by platform (decision 030)', () => {
  it('is on for macOS and Windows, off elsewhere, as git’s default on their file systems', () => {
    // navigator.userAgentData.platform, then navigator.platform values.
    for (const platform of ['macOS', 'MacIntel', 'Windows', 'Win32', 'Win64']) {
      expect(defaultIgnoreCase(platform)).toBe(true);
    }
    for (const platform of ['Linux', 'Linux x86_64', 'Chrome OS', 'Android', 'iPhone', '']) {
      expect(defaultIgnoreCase(platform)).toBe(false);
    }
  });

  it('decides how .gitignore lines match: Upper.LOG under *.log', async () => {
    const provider = new MemoryFileProvider({
      '.gitignore': '*.log\n',
      'Upper.LOG': 'x',
      'a.log': 'x',
    });
    const paths = async (ignoreCase: boolean) =>
      (await scanProject(provider, 'p', { ignoreCase })).files.map((f) => f.path);
    expect(await paths(defaultIgnoreCase('Linux x86_64'))).toEqual(['.gitignore', 'Upper.LOG']);
    expect(await paths(defaultIgnoreCase('MacIntel'))).toEqual(['.gitignore']);
  });
});
