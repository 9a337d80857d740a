import { describe, expect, it } from 'vitest';
import { derived } from './derived';
import { lines } from './fixture';
import { indexFile } from './index-file';
import { buildProjectIndex } from './project-index';
import { rankFiles } from './rank';
import { subjectName, subjectsOf } from './subject';

const indexOf = (files: Record<string, string>) =>
  buildProjectIndex(Object.entries(files).map(([path, text]) => indexFile({ path, text })));

describe('subjectName', () => {
  it('reads the subject a test file names by the conventions of its language', () => {
    expect(subjectName('tests/test_merge.py')?.stem).toBe('merge');
    expect(subjectName('pkg/merge_test.go')).toEqual({ stem: 'merge', extensions: ['go'] });
    expect(subjectName('src/__tests__/Merge.spec.ts')?.extensions).toContain('tsx');
    expect(subjectName('src/merge.test.js')?.stem).toBe('merge');
    expect(subjectName('spec/merge_spec.rb')?.stem).toBe('merge');
    expect(subjectName('tests/printer.rs')?.stem).toBe('printer');
    expect(subjectName('src/test/MergeTest.java')?.stem).toBe('merge');
  });

  it('reads none from a test of the whole package or a helper', () => {
    for (const path of [
      'tests/conftest.py',
      'tests/test_utils.py',
      'lib_test.go',
      'src/printer.rs',
    ]) {
      expect(subjectName(path)).toBeUndefined();
    }
  });
});

describe('subjectsOf', () => {
  const index = indexOf({
    'app/merge.py': 'def merge(a, b):\n    return a\n',
    'tools/merge.py': 'def merge(a, b):\n    return b\n',
    'app/db/pool.py': 'class Pool:\n    pass\n',
    'app/http/pool.py': 'class Pool:\n    pass\n',
    'tests/test_merge.py': 'from app.merge import merge\n',
    'tests/db/test_pool.py': 'def test_pool():\n    pass\n',
    't/integration/tasks.py': 'def add(x, y):\n    return x + y\n',
    't/integration/test_tasks.py': 'def test_add():\n    pass\n',
  });
  const d = derived(index);
  const at = (path: string) => index.files.findIndex((file) => file.path === path);
  const subjects = (path: string) =>
    subjectsOf(at(path), index, d).map((s) => index.files[s]!.path);

  it('takes the file of its stem the test imports, else the one in folders like its own', () => {
    expect(subjects('tests/test_merge.py')).toEqual(['app/merge.py']);
    expect(subjects('tests/db/test_pool.py')).toEqual(['app/db/pool.py']);
  });

  it('takes no helper beside the tests', () => {
    expect(subjects('t/integration/test_tasks.py')).toEqual([]);
  });
});

describe('rankFiles lifts the subject of a test a report meets', () => {
  const index = indexOf({
    'pkg/merge.py': lines('def merge(base, other):', '    return {**base, **other}'),
    'pkg/settings.py': lines(
      'DEFAULTS = {"db": {"host": "localhost", "port": 5432}}',
      'def load(path):',
      '    return DEFAULTS',
    ),
    'pkg/server.py': lines('def serve(host, port):', '    return (host, port)'),
    'tests/test_merge.py': lines(
      'from pkg.merge import merge',
      '',
      'def test_nested_keys_kept():',
      '    base = {"db": {"host": "localhost", "port": 5432}}',
      '    other = {"db": {"port": 6543}}',
      '    # the nested host is kept when only the nested port is overridden',
      '    assert merge(base, other)["db"]["host"] == "localhost"',
    ),
    'tests/test_server.py': lines(
      'from pkg.server import serve',
      '',
      'def test_nested_port():',
      '    # the port of the db section, kept beside the host',
      '    assert serve("localhost", 6543) == ("localhost", 6543)',
    ),
  });
  const report = [
    'Overriding the nested port drops the nested host',
    '',
    'I override only the nested port of the db section with a second dictionary. The result',
    'has the new port, but the nested host is gone: the whole inner section is replaced instead',
    'of kept. Expected: the host kept beside the new port, as the other keys of the section',
    'are. Seen on Linux and macOS with every release since overriding nested keys was added.',
  ].join('\n');

  it('above a source file the words meet less, saying which test it was', () => {
    const ranked = rankFiles(report, index);
    const paths = ranked.map((file) => file.path);
    expect(paths.indexOf('pkg/merge.py'), paths.join('\n')).toBeLessThan(
      paths.indexOf('pkg/settings.py'),
    );
    expect(ranked.find((file) => file.path === 'pkg/merge.py')!.reasons).toContainEqual({
      kind: 'tested-by',
      test: 'tests/test_merge.py',
      message: 'tested by tests/test_merge.py, which matches the request',
    });
  });

  it("in a commit-like line, only the first test's", () => {
    const lifted = (request: string) =>
      rankFiles(request, index)
        .filter((file) => file.reasons.some((reason) => reason.kind === 'tested-by'))
        .map((file) => file.path);
    const line = 'Overriding the nested port drops the nested host';
    expect(lifted(line)).toEqual(['pkg/merge.py']);
    expect(lifted(report).sort()).toEqual(['pkg/merge.py', 'pkg/server.py']);
  });
});
