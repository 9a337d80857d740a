import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORE_SYSTEM_IGNORE_PATTERNS } from '../ignore/core-system-patterns';
import { describeRuleSource, IgnoreMatcher } from '../ignore/matcher';
import { renderTree } from '../tree/render';
import { scanProject } from '../tree/scan';
import { NodeFileProvider } from './file-provider';
import { checkIgnore, gitListedFiles, writeGitFixture } from './gitignore-fixture';

let fixture: Awaited<ReturnType<typeof writeGitFixture>>;
beforeAll(async () => {
  fixture = await writeGitFixture();
});
afterAll(() => fixture.cleanup());

const core = IgnoreMatcher.create({ corePatterns: CORE_SYSTEM_IGNORE_PATTERNS });

/** git's view minus what the core list hides (the path or a folder above it). */
function expected(ignoreCase: boolean): string[] {
  return gitListedFiles(fixture.dir, ignoreCase)
    .filter((path) => !core.isPathIgnored(path))
    .sort();
}

async function scanned(ignoreCase: boolean) {
  return scanProject(new NodeFileProvider(fixture.dir), 'fixture', {
    corePatterns: CORE_SYSTEM_IGNORE_PATTERNS,
    ignoreCase,
  });
}

describe('the tree against git ls-files -co --exclude-standard', () => {
  it('lists exactly what git lists, minus the core list (case-sensitive, git on Linux)', async () => {
    const want = expected(false);
    // The three cases are in git's answer, so the comparison covers them.
    expect(want).toEqual(
      expect.arrayContaining(['tools/build/out.js', 'Upper.LOG', 'casedir/a.txt']),
    );
    const { files } = await scanned(false);
    expect(files.map((f) => f.path).sort()).toEqual(want);
  });

  it('lists exactly what git lists with core.ignorecase=true', async () => {
    const want = expected(true);
    expect(want).not.toContain('Upper.LOG');
    const { files } = await scanned(true);
    expect(files.map((f) => f.path).sort()).toEqual(want);
  });

  it('shows no folder whose every file is hidden, in the tree or the structure block', async () => {
    const { root, hidden } = await scanned(false);
    const text = renderTree(root);
    expect(text).not.toContain('only-logs');
    expect(text).not.toContain('CaseDir');
    expect(hidden.find((h) => h.path === 'only-logs')).toMatchObject({ isDirectory: true });
  });

  it('names the deciding rule and its source like git check-ignore -v', async () => {
    const { hidden } = await scanned(false);
    const paths = hidden.filter((h) => !h.isDirectory || h.reason()).map((h) => h.path);
    const verbose = checkIgnore(fixture.dir, paths);
    for (const entry of hidden) {
      const rule = entry.reason();
      if (!rule) continue;
      const label = `${entry.path} (${rule.pattern})`;
      if (rule.source.kind === 'core') continue; // git does not know the core list
      expect(verbose.get(entry.path), label).toEqual({
        source: describeRuleSource(rule),
        line: rule.line,
        pattern: rule.pattern,
      });
    }
    expect(hidden.find((h) => h.path === 'node_modules')?.reason()?.source.kind).toBe('core');
  });
});
