import { describe, expect, it } from 'vitest';
import { fence, planAnswer, searchReplace } from './test-answers';

const BOM = '\uFEFF';
const project = `${BOM}<Project Sdk="Demo">\n  <Group>\n    <Target>net4</Target>\n  </Group>\n</Project>\n`;

describe('an answer that copies the file’s BOM', () => {
  it('writes a whole file given with its BOM once, not twice', () => {
    const after = project.replace('net4', 'net8');
    const answer = `Proj.csproj\n${fence}xml\n${after}${fence}\n`;
    const file = planAnswer(answer, { 'Proj.csproj': project }).files[0];
    expect(file).toMatchObject({ status: 'modified', failures: [] });
    expect(file?.after).toBe(after);
  });

  it('still keeps the BOM of a file whose whole new text is given without it', () => {
    const answer = `Proj.csproj\n${fence}xml\n${project.slice(1).replace('net4', 'net8')}${fence}\n`;
    const file = planAnswer(answer, { 'Proj.csproj': project }).files[0];
    expect(file?.after).toBe(project.replace('net4', 'net8'));
  });

  it('applies a diff whose first context line holds the BOM, as git writes it', () => {
    const diff = [
      '--- a/Proj.csproj',
      '+++ b/Proj.csproj',
      '@@ -1,4 +1,4 @@',
      ` ${BOM}<Project Sdk="Demo">`,
      '   <Group>',
      '-    <Target>net4</Target>',
      '+    <Target>net8</Target>',
      '   </Group>',
      '',
    ].join('\n');
    const file = planAnswer(`${fence}diff\n${diff}${fence}\n`, { 'Proj.csproj': project }).files[0];
    expect(file).toMatchObject({ failures: [] });
    expect(file?.after).toBe(project.replace('net4', 'net8'));
    expect(file).toMatchObject({ added: 1, removed: 1 });
  });

  it('drops the BOM where a diff removes it, and keeps it where a diff without it edits line 1', () => {
    const removing = `--- a/Proj.csproj\n+++ b/Proj.csproj\n@@ -1,2 +1,2 @@\n-${BOM}<Project Sdk="Demo">\n+<Project Sdk="Demo">\n   <Group>\n`;
    const removed = planAnswer(removing, { 'Proj.csproj': project }).files[0];
    expect(removed?.after).toBe(project.slice(1));
    const editing = `--- a/Proj.csproj\n+++ b/Proj.csproj\n@@ -1,2 +1,2 @@\n-<Project Sdk="Demo">\n+<Project Sdk="Next">\n   <Group>\n`;
    const edited = planAnswer(editing, { 'Proj.csproj': project }).files[0];
    expect(edited?.after).toBe(project.replace('Demo', 'Next'));
  });

  it('finds a search text copied with the BOM at the file’s start and writes the BOM once', () => {
    const answer = searchReplace(
      'Proj.csproj',
      `${BOM}<Project Sdk="Demo">\n  <Group>\n`,
      `${BOM}<Project Sdk="Next">\n  <Group>\n`,
    );
    const file = planAnswer(answer, { 'Proj.csproj': project }).files[0];
    expect(file).toMatchObject({ failures: [] });
    expect(file?.after).toBe(project.replace('Demo', 'Next'));
  });

  it('reports a whole file sent again with its BOM as already applied', () => {
    const answer = `Proj.csproj\n${fence}xml\n${project}${fence}\n`;
    const file = planAnswer(answer, { 'Proj.csproj': project }).files[0];
    expect(file).toMatchObject({ status: 'unchanged', alreadyApplied: 1 });
  });

  it('matches a search text starting with U+FEFF as written in a file without BOM', () => {
    const plain = project.slice(1);
    const answer = searchReplace(
      'Proj.csproj',
      `${BOM}<Project Sdk="Demo">\n`,
      `<Project Sdk="Next">\n`,
    );
    const file = planAnswer(answer, { 'Proj.csproj': plain }).files[0];
    expect(file).toMatchObject({ status: 'failed', failures: [{ code: 'SEARCH_NOT_FOUND' }] });
  });
});

describe('diff hunks that change nothing, and diff headers that disagree', () => {
  const text = 'one\ntwo\nthree\n';

  it('refuses a hunk of context lines only, as git does, never "unchanged"', () => {
    const answer = `${fence}diff\n--- a/f.txt\n+++ b/f.txt\n@@ -1,2 +1,2 @@\n one\n two\n${fence}\n`;
    const file = planAnswer(answer, { 'f.txt': text }).files[0];
    expect(file).toMatchObject({
      status: 'failed',
      after: text,
      failures: [{ code: 'HUNK_NO_CHANGE', params: { hunk: 1 } }],
    });
  });

  it('refuses the file when one of its hunks changes nothing (its + and - may be lost)', () => {
    const answer = `${fence}diff\n--- a/f.txt\n+++ b/f.txt\n@@ -1,2 +1,2 @@\n-one\n+ONE\n two\n@@ -3 +3 @@\n three\n${fence}\n`;
    const file = planAnswer(answer, { 'f.txt': text }).files[0];
    expect(file).toMatchObject({ status: 'failed', failures: [{ code: 'HUNK_NO_CHANGE' }] });
  });

  it('refuses a counted hunk with nothing under it, but drops a trailing `@@ ... @@`', () => {
    const counted = `--- a/f.txt\n+++ b/f.txt\n@@ -1,0 +1,0 @@\n`;
    expect(planAnswer(counted, { 'f.txt': text }).files[0]).toMatchObject({
      status: 'failed',
      failures: [{ code: 'HUNK_NO_CHANGE' }],
    });
    const trailing = `${fence}diff\n--- a/f.txt\n+++ b/f.txt\n@@ ... @@\n-two\n+TWO\n@@ ... @@\n${fence}\n`;
    expect(planAnswer(trailing, { 'f.txt': text }).files[0]?.after).toBe('one\nTWO\nthree\n');
  });

  it('refuses a diff whose ---/+++ names are other files than its diff --git line', () => {
    const answer = `diff --git a/f.txt b/f.txt\n--- a/g.txt\n+++ b/g.txt\n@@ -1,2 +1,2 @@\n-one\n+ONE\n two\n`;
    const plan = planAnswer(answer, { 'f.txt': text, 'g.txt': text });
    expect(plan.files).toEqual([]);
    expect(plan.failures).toMatchObject([{ code: 'DIFF_NAMES_DISAGREE', params: { line: 1 } }]);
  });

  it('reads names that agree but for their a/ b/ prefixes, renames and /dev/null sides', () => {
    const unprefixed = `diff --git a/f.txt b/f.txt\n--- f.txt\n+++ f.txt\n@@ -1,2 +1,2 @@\n-one\n+ONE\n two\n`;
    expect(planAnswer(unprefixed, { 'f.txt': text }).files[0]?.after).toBe('ONE\ntwo\nthree\n');
    const renamed = `diff --git a/f.txt b/h.txt\nsimilarity index 60%\nrename from f.txt\nrename to h.txt\n--- a/f.txt\n+++ b/h.txt\n@@ -1,2 +1,2 @@\n-one\n+ONE\n two\n`;
    const moved = planAnswer(renamed, { 'f.txt': text, 'h.txt': null });
    expect(moved.failures).toEqual([]);
    expect(moved.files.find((f) => f.path === 'h.txt')?.after).toBe('ONE\ntwo\nthree\n');
    const created = `diff --git a/n.txt b/n.txt\nnew file mode 100644\n--- /dev/null\n+++ b/n.txt\n@@ -0,0 +1 @@\n+new\n`;
    expect(planAnswer(created, { 'n.txt': null }).files[0]?.after).toBe('new\n');
  });
});

describe('a closing fence glued to a file’s last line', () => {
  it('refuses the block that runs on over the next file, and writes nothing of it', () => {
    const answer = [
      '`a.json`:',
      '```json',
      '"new a"```',
      '',
      '`b.json`:',
      '```json',
      '"new b"```',
      '',
      '`c.ts`',
      '```ts',
      'export const c = 2;',
      '```',
      '',
    ].join('\n');
    const plan = planAnswer(answer, {
      'a.json': '"a"',
      'b.json': '"b"',
      'c.ts': 'export const c = 1;\n',
    });
    expect(plan.failures).toMatchObject([{ code: 'UNTERMINATED_BLOCK', params: { line: 2 } }]);
    expect(plan.files.filter((f) => f.status === 'modified').map((f) => f.path)).not.toContain(
      'a.json',
    );
  });

  it('still reads a file whose line ends in backticks when no fence opens after it', () => {
    const text = 'const a = 1; // ```\nexport {};\n';
    const plan = planAnswer(`\`f.ts\`\n${fence}ts\n${text}${fence}\n`, { 'f.ts': 'old\n' });
    expect(plan.failures).toEqual([]);
    expect(plan.files[0]?.after).toBe(text);
  });
});

describe('comments saying the rest is left out, in the words models use', () => {
  it.each([
    '<!-- rest of the document unchanged -->',
    '// The rest of the file is unchanged',
    '// rest of your code',
    '// [rest of file unchanged]',
    '<!-- Rest of the content remains the same -->',
    '// Other methods remain unchanged',
    '// (other routes unchanged)',
    '// existing tests...',
    '// Keep existing code',
    '# everything else stays the same',
  ])('refuses a whole file cut under %s', (marker) => {
    const before = Array.from({ length: 12 }, (_, k) => `line ${k}`).join('\n') + '\n';
    const answer = `notes.md\n${fence}\nline 0\nline one\n${marker}\n${fence}\n`;
    const file = planAnswer(answer, { 'notes.md': before }).files[0];
    expect(file).toMatchObject({ status: 'failed', failures: [{ code: 'ELIDED_CODE' }] });
  });

  it.each([
    '// the rest of the request is sent as JSON',
    '// other values are passed through',
    '# Keep this list sorted',
  ])('writes the comment %s, which is code', (comment) => {
    const answer = searchReplace('a.ts', 'x();\n', `${comment}\nx();\n`);
    const file = planAnswer(answer, { 'a.ts': 'x();\n' }).files[0];
    expect(file).toMatchObject({ status: 'modified', failures: [] });
  });
});

describe('a search text copied with the BOM and indented as a whole', () => {
  it('is found at the file’s start and written with one BOM', () => {
    const BOM = '\uFEFF';
    const before = `${BOM}<Project>\n  <A>1</A>\n</Project>\n`;
    const answer = searchReplace(
      'P.csproj',
      `  ${BOM}<Project>\n    <A>1</A>\n`,
      `  ${BOM}<Project>\n    <A>2</A>\n`,
    );
    const file = planAnswer(answer, { 'P.csproj': before }).files[0];
    expect(file).toMatchObject({ failures: [] });
    expect(file?.after).toBe(before.replace('1', '2'));
  });
});
