import { SUGGEST_FIXTURE } from '@promptloom/core/suggest/fixture';
import { readdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectMcp,
  makeProject,
  promptloom,
  tempDir,
  testProject,
  texts,
  writtenFiles,
} from './support';

const REQUEST = 'The checksum is wrong for empty input: fix `computeChecksum`';

describe('promptloom suggest', () => {
  let project: Awaited<ReturnType<typeof makeProject>>;
  let env: Record<string, string>;
  beforeAll(async () => {
    project = await makeProject(SUGGEST_FIXTURE);
    env = {
      PROMPTLOOM_CACHE_DIR: join(project.dir, '..', `${project.dir.split('/').pop()}-cache`),
    };
  });
  afterAll(() => project.cleanup());

  it('prints exactly the JSON contract, best first, the definer on top', async () => {
    const run = await promptloom(
      ['suggest', REQUEST, '--dir', project.dir, '--json', '--top', '4'],
      { env },
    );
    expect(run.code).toBe(0);
    const document = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(Object.keys(document)).toEqual(['files', 'tokens', 'budget']);
    expect(document.budget).toBeNull();
    const files = document.files as {
      path: string;
      score: number;
      mode: string;
      reasons: unknown[];
    }[];
    expect(files).toHaveLength(4);
    for (const file of files)
      expect(Object.keys(file)).toEqual(['path', 'score', 'reasons', 'mode']);
    expect(files[0]).toMatchObject({ path: 'core/src/integrity/digest.rs', mode: 'full' });
    expect(files[0]!.reasons).toContainEqual({
      kind: 'defines',
      name: 'computeChecksum',
      message: 'defines `computeChecksum`, named in the request',
    });
    const scores = files.map((file) => file.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    expect(document.tokens).toBeGreaterThan(0);
  });

  it('lists the selection that fits a budget, with its exact total', async () => {
    const budget = 150;
    const run = await promptloom(
      ['suggest', REQUEST, '--dir', project.dir, '--json', '--budget', String(budget)],
      { env },
    );
    const fitted = JSON.parse(run.stdout) as {
      files: { path: string }[];
      tokens: number;
      budget: number;
    };
    expect(fitted.budget).toBe(budget);
    expect(fitted.tokens).toBeLessThanOrEqual(budget);
    expect(fitted.files.length).toBeGreaterThan(0);
    expect(fitted.files.length).toBeLessThan(20);
    expect(fitted.files[0]!.path).toBe('core/src/integrity/digest.rs');
  });

  it('reads the request from stdin and prints a table with reasons', async () => {
    const run = await promptloom(['suggest', '-', '--dir', project.dir, '--top', '2'], {
      env,
      input: 'panic\n\tservice/beta/handler.go:3 +0x1d\n',
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /^ {2}1 .+ service\/beta\/handler\.go\n +named in the request \(line 3\)/,
    );
    expect(run.stderr).toMatch(/^2 files, [\d,]+ tokens \(Default/);
    const claude = await promptloom(
      ['suggest', 'handler', '--dir', project.dir, '--top', '1', '--model', 'claude-sonnet'],
      { env },
    );
    const none = await promptloom(['suggest', 'zqxjv', '--dir', project.dir], { env });
    expect([none.code, none.stdout, none.stderr]).toEqual([
      0,
      '',
      'No file matches the request.\n',
    ]);
    // Claude's counts are estimates: said as the pack's summary says them, on each row too.
    expect(claude.stderr).toMatch(/^1 file, ≈ [\d,]+ tokens \(Claude Sonnet\)/);
    expect(claude.stdout).toMatch(/^ {2}1 +≈ [\d,]+ {2}full {5}\S/);
  });

  it('exits 2 on bad usage', async () => {
    for (const args of [
      ['suggest', '--dir', project.dir],
      ['suggest', 'x', '--dir', project.dir, '--top', 'many'],
      ['suggest', 'x', '--dir', project.dir, '--budget', '-3'],
      ['suggest', 'x', '--dir', join(project.dir, 'nowhere')],
      ['suggest', 'x', '--dir', join(project.dir, 'core/src/integrity/digest.rs', 'x')],
      ['suggest', 'x', '--dir', project.dir, '--model', 'no-such-model'],
      ['suggest', 'x', '--no-such-flag'],
    ]) {
      const run = await promptloom(args, { env, input: '' });
      expect([args.join(' '), run.code]).toEqual([args.join(' '), 2]);
      expect(run.stdout).toBe('');
    }
  });

  it('takes only decimal digits for --top and --budget', async () => {
    for (const flag of ['--top', '--budget']) {
      for (const value of ['1e2', '0x10', '0b11', '+5', '2.0', ' 5', '5 ', '0', '']) {
        const run = await promptloom(['suggest', 'x', '--dir', project.dir, flag, value], { env });
        expect([flag, value, run.code]).toEqual([flag, value, 2]);
        expect(run.stderr.trim()).toBe(
          `error ${flag} takes a positive whole number, not "${value}"`,
        );
        expect(run.stdout).toBe('');
      }
    }
    const plain = await promptloom(
      ['suggest', REQUEST, '--dir', project.dir, '--top', '007', '--budget', '5000', '--json'],
      { env },
    );
    expect(plain.code).toBe(0);
  });

  it('keeps the index in the cache folder and indexes an edited file again', async () => {
    const cacheFiles = readdirSync(join(env.PROMPTLOOM_CACHE_DIR!, 'suggest'));
    expect(cacheFiles).toHaveLength(1);
    const edited = await makeProject(SUGGEST_FIXTURE);
    try {
      const ask = () =>
        promptloom(['suggest', 'jitter backoff', '--dir', edited.dir, '--json'], { env });
      const before = JSON.parse((await ask()).stdout) as { files: { path: string }[] };
      expect(before.files[0]!.path).toBe('app/net/session.py');
      await writeFile(join(edited.dir, 'app/net/session.py'), 'def nothing():\n    pass\n');
      const after = JSON.parse((await ask()).stdout) as { files: { path: string }[] };
      expect(after.files.map((file) => file.path)).not.toContain('app/net/session.py');
    } finally {
      await edited.cleanup();
    }
  });

  it('says when the budget cannot hold the best ranked file, on stderr only', async () => {
    const run = await promptloom(['suggest', REQUEST, '--dir', project.dir, '--budget', '3'], {
      env,
    });
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(
      /warning the best ranked file, core\/src\/integrity\/digest\.rs \([\d,]+ tokens\), does not fit the budget of 3 tokens/,
    );
    const json = await promptloom(
      ['suggest', REQUEST, '--dir', project.dir, '--budget', '3', '--json'],
      { env },
    );
    expect(Object.keys(JSON.parse(json.stdout) as object)).toEqual(['files', 'tokens', 'budget']);
    expect(json.stderr).toMatch(/^warning the best ranked file, core\/src\/integrity\/digest\.rs /);
    const roomy = await promptloom(['suggest', REQUEST, '--dir', project.dir, '--budget', '5000'], {
      env,
    });
    expect(roomy.stderr).not.toContain('does not fit');
  });

  it('marks the count of the left-out file as an estimate for an estimated model', async () => {
    const run = await promptloom(
      ['suggest', REQUEST, '--dir', project.dir, '--budget', '3', '--model', 'claude-sonnet'],
      { env },
    );
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(
      /the best ranked file, core\/src\/integrity\/digest\.rs \(≈ [\d,]+ tokens\), does not fit the budget of 3 tokens/,
    );
  });

  it('refuses pack --suggest with an empty request as bad usage', async () => {
    for (const empty of ['', '   ']) {
      const run = await promptloom(['pack', project.dir, '--suggest', empty], { env });
      expect(run.code).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toContain('--suggest needs a request');
    }
  });

  it('packs the suggested selection with pack --suggest', async () => {
    const run = await promptloom(['pack', project.dir, '--suggest', REQUEST], { env });
    expect(run.code).toBe(0);
    const files = writtenFiles(run.stdout);
    expect(files).toContain('core/src/integrity/digest.rs');
    expect(files.length).toBeLessThan(Object.keys(SUGGEST_FIXTURE).length);
    expect(run.stderr).toMatch(/files suggested for the request/);
    expect(run.stderr).not.toContain('no file matches');
    // A request no file answers packs none, and says so as `suggest` does.
    const none = await promptloom(['pack', project.dir, '--suggest', 'quasar zebra'], { env });
    expect(none.code).toBe(0);
    expect(writtenFiles(none.stdout)).toEqual([]);
    expect(none.stderr).toContain(
      'warning no file matches the request: the prompt holds none of the files',
    );
  });

  it('gives the same order through the MCP tool, over the folder the client shares', async () => {
    const client = await connectMcp(env, { roots: [project.dir] });
    try {
      const result = await client.callTool({
        name: 'suggest_files',
        arguments: { request: REQUEST },
      });
      expect(result.isError).toBeFalsy();
      const cli = await promptloom(['suggest', REQUEST, '--dir', project.dir, '--json'], { env });
      const paths = (doc: unknown) =>
        (doc as { files: { path: string }[] }).files.map((f) => f.path);
      expect(paths(result.structuredContent)).toEqual(paths(JSON.parse(cli.stdout)));
      const outside = await client.callTool({
        name: 'suggest_files',
        arguments: { request: REQUEST, directory: tmpdir() },
      });
      expect(outside.isError).toBe(true);
      // A blank request and a file for a folder are said as such, as the command says them.
      const blank = await client.callTool({
        name: 'suggest_files',
        arguments: { request: ' \n ' },
      });
      expect([blank.isError, texts(blank)[0]]).toEqual([
        true,
        expect.stringMatching(/^no request/),
      ]);
      const file = await client.callTool({
        name: 'suggest_files',
        arguments: { request: REQUEST, directory: 'core/src/integrity/digest.rs' },
      });
      expect([file.isError, texts(file)[0]]).toEqual([
        true,
        expect.stringMatching(/digest\.rs is not a folder$/),
      ]);
    } finally {
      await client.close();
    }
  });
});

describe('promptloom suggest in a git repository', () => {
  it('says no file matches when only recent commits would rank them, as the MCP tool', async () => {
    const project = await testProject(
      {
        'README.md': '# Demo\n\nA small demo project.\n',
        'src/math.js': 'export function add(a, b) {\n  return a + b;\n}\n',
      },
      { git: true },
    );
    await writeFile(join(project.dir, 'src/greet.js'), 'export const greet = (n) => `hi ${n}`;\n');
    project.git('add', '-A');
    project.git('commit', '-q', '-m', 'add a greeting');
    await writeFile(join(project.dir, 'README.md'), '# Demo\n\nMore text.\n');
    project.git('commit', '-q', '-am', 'update the readme');
    const env = { PROMPTLOOM_CACHE_DIR: await tempDir('promptloom-cache-') };
    const none = await promptloom(['suggest', 'quasar zebra', '--dir', project.dir], { env });
    expect([none.code, none.stdout, none.stderr]).toEqual([
      0,
      '',
      'No file matches the request.\n',
    ]);
    const json = await promptloom(['suggest', 'quasar zebra', '--dir', project.dir, '--json'], {
      env,
    });
    expect(JSON.parse(json.stdout)).toMatchObject({ files: [], tokens: 0 });
    // One word a file holds: the recent files rank below it, as before; src/math.js came
    // with the first commit only, which adds the whole tree and says nothing about recent work.
    const greet = await promptloom(['suggest', 'greet', '--dir', project.dir, '--json'], { env });
    const ranked = (JSON.parse(greet.stdout) as { files: { path: string }[] }).files;
    expect(ranked.map((f) => f.path).sort()).toEqual(['README.md', 'src/greet.js']);
    expect(ranked[0]!.path).toBe('src/greet.js');
    const client = await connectMcp(env, { roots: [project.dir] });
    try {
      const result = await client.callTool({
        name: 'suggest_files',
        arguments: { request: 'quasar zebra' },
      });
      expect([result.isError, texts(result)[0]]).toEqual([
        undefined,
        'No file matches the request.',
      ]);
    } finally {
      await client.close();
    }
  });
});

describe('promptloom pack --suggest and suggest', () => {
  it("give each file the same tokens, the request's separator counted apart", async () => {
    const project = await testProject({
      'README.md': '# Demo\n\nA small demo project.\n',
      'src/greet.js': 'export function greet(name) {\n  return "hi " + name;\n}\n',
      'src/math.js': 'export function add(a, b) {\n  return a + b;\n}\n',
    });
    const env = { PROMPTLOOM_CACHE_DIR: await tempDir('promptloom-cache-') };
    // README.md is packed last, before the request, and ranked above src/math.js.
    const request = 'demo readme, then greet and math';
    const suggested = await promptloom(['suggest', request, '--dir', project.dir], { env });
    const rows = [...suggested.stdout.matchAll(/^ +\d+ +([\d,]+) +full +(\S+)$/gm)];
    const table = new Map(
      rows.map(([, tokens, path]) => [path!, Number(tokens!.replaceAll(',', ''))]),
    );
    expect([...table.keys()].sort()).toEqual(['README.md', 'src/greet.js', 'src/math.js']);
    const packed = await promptloom(['pack', project.dir, '--suggest', request, '--json'], {
      env,
    });
    const summary = JSON.parse(packed.stdout) as {
      tokens: number;
      largestFiles: { path: string; tokens: number }[];
    };
    expect(new Map(summary.largestFiles.map((f) => [f.path, f.tokens]))).toEqual(table);
    const files = summary.largestFiles.reduce((sum, file) => sum + file.tokens, 0);
    expect(summary.tokens).toBeGreaterThan(files);
  });
});
