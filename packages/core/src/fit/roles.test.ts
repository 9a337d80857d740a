import { describe, expect, it } from 'vitest';
import { type FileRole, fileRole, requestNames } from './roles';

describe('fileRole', () => {
  const cases: Record<FileRole, string[]> = {
    licence: [
      'LICENSE',
      'LICENSE.md',
      'license.txt',
      'LICENSE-MIT',
      'COPYING',
      'NOTICE',
      'licenses/x',
    ],
    lockfile: [
      'package-lock.json',
      'web/yarn.lock',
      'pnpm-lock.yaml',
      'Cargo.lock',
      'go.sum',
      'deno.lock',
      'tools/schema-lock.json',
    ],
    changelog: ['CHANGELOG.md', 'packages/a/CHANGELOG.md', 'HISTORY.rst', 'CHANGES'],
    generated: ['dist/index.js', 'app.min.js', 'x.js.map', 'api_pb2.py', 'api.pb.go', 'out/a.ts'],
    vendored: ['vendor/lib/a.go', 'third_party/zlib/zlib.c', 'node_modules/x/index.js'],
    fixture: ['src/__tests__/fixtures/a/vite.config.ts', 'testdata/in.txt', 'a/__snapshots__/b'],
    asset: [
      'src/client/overlay.css',
      'docs/public/logo.svg',
      'styles/theme.scss',
      'data/cities.csv',
      'public/manifest.json',
    ],
    test: [
      'src/a.test.ts',
      'a.spec.tsx',
      'x_test.go',
      'src/__tests_dts__/config.ts',
      'test_x.py',
      'FooTest.java',
      'e2e/a.ts',
    ],
    docs: ['docs/README.md', 'docs/guide/config.ts', 'notes.txt', 'man/man1/fzf.1', 'rg.8'],
    readme: ['README.md', 'packages/a/README', 'readme.rst'],
    source: [
      'src/node/plugins/license.ts',
      'src/history.ts',
      'latest.ts',
      'build.rs',
      'types/a.d.ts',
    ],
  };
  for (const [role, paths] of Object.entries(cases)) {
    it(`knows ${role} files by their path`, () => {
      for (const path of paths) expect([path, fileRole(path)]).toEqual([path, role]);
    });
  }

  it('takes a licence test for a test, not a licence', () => {
    expect(fileRole('src/node/__tests__/plugins/license.spec.ts')).toBe('test');
  });
});

describe('requestNames', () => {
  it('names files by path, end of path, name, name without extension and folder', () => {
    const named = requestNames(
      'Fix ssrTransform in src/node/ssr/runtime/x.ts; see css.ts and the hmr folder.',
    );
    expect(named('src/node/ssr/ssrTransform.ts')).toBe(true);
    expect(named('src/node/ssr/__tests__/ssrTransform.spec.ts')).toBe(true);
    expect(named('src/node/ssr/runtime/x.ts')).toBe(true);
    expect(named('src/node/plugins/css.ts')).toBe(true);
    expect(named('src/client/hmr/client.ts')).toBe(true);
    expect(named('src/node/plugins/json.ts')).toBe(false);
  });

  it('does not take generic names or short words for names', () => {
    const named = requestNames('Update the index and utils of the src folder, if ok');
    expect(named('src/index.ts')).toBe(false);
    expect(named('src/utils.ts')).toBe(false);
    expect(named('if/ok.ts')).toBe(false);
    expect(requestNames('')('a.ts')).toBe(false);
  });
});
