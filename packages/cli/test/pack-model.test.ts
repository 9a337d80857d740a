import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { secretSamples } from '@promptloom/core/secrets/fixtures';
import { get_encoding } from 'tiktoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeProject, promptloom, type Run } from './support';

/** What the tests read of the --json document (with the prompt: no -o given). */
interface Summary {
  tokens: number;
  model: { id: string; exact: boolean };
  outlined: string[];
  fit: { before: number; fits: boolean; changes: { path: string; to: string }[] } | null;
  secrets: unknown[] | null;
  largestFiles: { path: string; tokens: number }[];
  prompt: string;
}
const summaryOf = (run: Run) => JSON.parse(run.stdout) as Summary;

const number = (n: number) => n.toLocaleString('en-US');

/** A TypeScript module of `functions` functions whose bodies an outline drops. */
function module(name: string, functions: number): string {
  const parts: string[] = [];
  for (let i = 0; i < functions; i++) {
    parts.push(
      `export function ${name}${i}(value: number): number {\n` +
        `  const doubled = value * ${i};\n` +
        `  const text = 'body ${i} of ${name}, which only the whole file shows';\n` +
        `  return doubled + text.length;\n}\n`,
    );
  }
  return parts.join('\n');
}

const [awsId, awsSecret] = secretSamples();

let project: Awaited<ReturnType<typeof makeProject>>;
beforeAll(async () => {
  project = await makeProject(
    {
      '.gitignore': 'out/\n',
      'src/alpha.ts': module('alpha', 3),
      'src/beta.ts': module('beta', 3),
      'docs/notes.md': '# Notes\n\nNo code here.\n',
      'config/aws.py': `${awsId!.text}\n${awsSecret!.text}\n`,
    },
    { git: true },
  );
});
afterAll(() => project.cleanup());

describe('promptloom pack --model', () => {
  it('prints the count tiktoken o200k gives on the XML written for GPT-4o', async () => {
    const out = join(project.dir, 'out', 'gpt-4o.xml');
    await import('node:fs/promises').then((fs) => fs.mkdir(join(project.dir, 'out')));
    const run = await promptloom([
      'pack',
      project.dir,
      '--format',
      'xml',
      '--model',
      'gpt-4o',
      '-o',
      out,
      '--no-secret-scan',
    ]);
    expect(run.code).toBe(0);
    const prompt = await readFile(out, 'utf8');
    expect(prompt).toMatch(/^<directory_structure>/);
    expect(prompt).toContain('<file path="src/alpha.ts">');
    const o200k = get_encoding('o200k_base');
    const tokens = o200k.encode_ordinary(prompt).length;
    o200k.free();
    expect(run.stderr).toContain(`${number(tokens)} tokens for GPT-4o (budget 111,616)`);
    expect(run.stderr).not.toContain('≈');
  });

  it('counts every preset, with ≈ for the estimates only; --json says so', async () => {
    for (const [model, exact] of [
      ['claude-sonnet', false],
      ['qwen3', true],
    ] as const) {
      const run = await promptloom(['pack', project.dir, '--model', model, '--json']);
      expect(run.code).toBe(0);
      const summary = summaryOf(run);
      expect(summary.model).toMatchObject({ id: model, exact });
      expect(summary.tokens).toBeGreaterThan(0);
      const human = await promptloom(['pack', project.dir, '--model', model]);
      expect(human.stderr.includes(`≈ ${number(summary.tokens)} tokens`)).toBe(!exact);
      expect(human.stderr).toContain(`${number(summary.tokens)} tokens`);
      // Each largest file's count is marked as the total is.
      expect(/Largest files:\n\s+≈ [\d,]+\s+\S+/.test(human.stderr)).toBe(!exact);
    }
  }, 120_000);
});

describe('promptloom pack over the model’s budget', () => {
  it('says so plainly, points to --fit and still exits 0; --json has overBudget', async () => {
    const single = await makeProject({
      'notes.txt': 'Plain words that no outline shortens. '.repeat(2_000),
    });
    try {
      const json = await promptloom(['pack', single.dir, '--model', 'gpt-4', '--json']);
      expect(json.code).toBe(0);
      const summary = JSON.parse(json.stdout) as Summary & { budget: number; overBudget: boolean };
      const cl100k = get_encoding('cl100k_base');
      expect(summary.tokens).toBe(cl100k.encode_ordinary(summary.prompt).length);
      cl100k.free();
      expect(summary.budget).toBe(8_192 - 2_048);
      expect(summary.overBudget).toBe(true);

      const human = await promptloom(['pack', single.dir, '--model', 'gpt-4']);
      expect(human.code).toBe(0);
      expect(human.stdout).toBe(summary.prompt);
      expect(human.stderr).toContain('Packed 1 file → stdout');
      expect(human.stderr).toContain(
        `warning the prompt is ${number(summary.tokens - summary.budget)} tokens over GPT-4’s ` +
          'budget (6,144): pack with --fit',
      );

      const within = await promptloom(['pack', single.dir, '--model', 'gpt-4-turbo']);
      expect(within.stderr).not.toMatch(/over .* budget/);
    } finally {
      await single.cleanup();
    }
  }, 120_000);
});

describe('promptloom pack --outline and --fit', () => {
  it('--outline writes matching files as outlines and says how many', async () => {
    const run = await promptloom(['pack', project.dir, '--outline', 'src/alpha.ts']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('File: src/alpha.ts (outline)');
    expect(run.stdout).toContain('export function alpha0(value: number): number { … }');
    expect(run.stdout).not.toContain('body 0 of alpha');
    expect(run.stdout).toContain('body 0 of beta');
    expect(run.stderr).toContain('1 file as an outline');
    expect(run.stderr).not.toMatch(/\b1 (files|tokens)\b/);
  });

  it('--fit drops the notes, then outlines the largest modules, until the budget holds', async () => {
    // GPT-4 Turbo leaves 123,904 tokens: three large modules alone exceed it.
    const big = await makeProject({
      'src/one.ts': module('one', 1_000),
      'src/two.ts': module('two', 1_000),
      'src/three.ts': module('three', 1_000),
      'notes.txt': 'A plain paragraph of notes that no outline can shorten. '.repeat(9_000),
      'README.md': 'kept whole\n',
    });
    try {
      const whole = await promptloom(['pack', big.dir, '--model', 'gpt-4-turbo', '--json']);
      const before = summaryOf(whole).tokens;
      expect(before).toBeGreaterThan(123_904);

      const run = await promptloom(['pack', big.dir, '--model', 'gpt-4-turbo', '--fit', '--json']);
      expect(run.code).toBe(0);
      const summary = summaryOf(run);
      expect(summary.fit?.before).toBe(before);
      expect(summary.fit?.fits).toBe(true);
      expect(summary.tokens).toBeLessThanOrEqual(123_904);
      const cl100k = get_encoding('cl100k_base');
      expect(summary.tokens).toBe(cl100k.encode_ordinary(summary.prompt).length);
      cl100k.free();
      // Documentation goes to a path before any source is outlined (decision 052); the
      // README, the project's own summary, stays with the source and is small enough to keep.
      const changes = summary.fit!.changes.map((c) => [c.path, c.to]);
      expect(changes[0]).toEqual(['notes.txt', 'path']);
      expect(
        changes.slice(1).every(([path, to]) => path!.startsWith('src/') && to === 'outline'),
      ).toBe(true);
      expect(summary.outlined).toEqual(expect.arrayContaining(['src/one.ts']));
      expect(summary.prompt).toContain('File: README.md');
      expect(summary.prompt).toContain('kept whole');

      const human = await promptloom(['pack', big.dir, '--model', 'gpt-4-turbo', '--fit']);
      expect(human.stderr).toMatch(
        /Fit: [\d,]+ → [\d,]+ tokens \(budget 123,904\): \d+ files? outlined/,
      );
      expect(human.stderr).toContain('outlined   src/');
    } finally {
      await big.cleanup();
    }
  }, 120_000);
});

describe('promptloom pack secret scan', () => {
  it('is on by default: findings on stderr, exit 0, a warning in the summary', async () => {
    const run = await promptloom(['pack', project.dir]);
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/secret\s+config\/aws\.py:1\s+aws-access-key-id/);
    expect(run.stderr).toMatch(/secret\s+config\/aws\.py:2\s+aws-secret-access-key/);
    expect(run.stderr).toContain('warning 2 possible secrets in 1 file:');
    expect(run.stdout).toContain(awsSecret!.secret);
  });

  it('--redact replaces the secrets in the prompt; --no-secret-scan stays silent', async () => {
    const redacted = await promptloom(['pack', project.dir, '--redact', '--format', 'markdown']);
    expect(redacted.code).toBe(0);
    expect(redacted.stdout).not.toContain(awsId!.secret);
    expect(redacted.stdout).not.toContain(awsSecret!.secret);
    expect(redacted.stdout).toContain('[REDACTED:aws-secret-access-key]');
    expect(redacted.stderr).toContain('redacted in the prompt');

    const off = await promptloom(['pack', project.dir, '--no-secret-scan', '--json']);
    expect(summaryOf(off).secrets).toBeNull();
    const quiet = await promptloom(['pack', project.dir, '--no-secret-scan']);
    expect(quiet.stderr).not.toMatch(/secret/);
  }, 120_000);

  it('--redact counts the largest files as written, the redacted ones after the redaction', async () => {
    const plain = summaryOf(await promptloom(['pack', project.dir, '--json']));
    const redacted = summaryOf(await promptloom(['pack', project.dir, '--redact', '--json']));
    const counts = (summary: Summary) =>
      new Map(summary.largestFiles.map((file) => [file.path, file.tokens]));
    const before = counts(plain);
    const after = counts(redacted);
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    // Only the file with the secrets changes, by what the whole prompt's count changes.
    const change = plain.tokens - redacted.tokens;
    expect(change).not.toBe(0);
    expect(before.get('config/aws.py')! - after.get('config/aws.py')!).toBe(change);
    for (const [path, tokens] of after) {
      if (path !== 'config/aws.py') expect(tokens).toBe(before.get(path));
    }
  }, 120_000);

  it('scans a large folder on worker threads, findings in the files’ order', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 400; i++) files[`src/m${String(i).padStart(3, '0')}.ts`] = `export {};\n`;
    files['src/m050.ts'] = `${awsId!.text}\n`;
    files['src/m350.ts'] = `\n${awsSecret!.text}\n`;
    const many = await makeProject(files);
    try {
      const run = await promptloom(['pack', many.dir, '--json', '-o', join(many.dir, 'out.txt')]);
      expect(run.code).toBe(0);
      expect(summaryOf(run).secrets).toEqual([
        { path: 'src/m050.ts', line: 1, column: expect.any(Number), rule: 'aws-access-key-id' },
        { path: 'src/m350.ts', line: 2, column: 26, rule: 'aws-secret-access-key' },
      ]);
    } finally {
      await many.cleanup();
    }
  });
});
