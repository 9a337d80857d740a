import { get_encoding } from 'tiktoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findModel } from '../src/pack/pack-request';
import { runPack } from '../src/pack/run-pack';
import { runSuggest } from '../src/pack/suggest';
import { makeProject, promptloom } from './support';

const REQUEST = 'parse the ledger entries and total the ledger';

/** Two small files the request is about, and a larger one written last that the budget leaves out. */
const FILES = {
  'ledger/parse.js': 'export function parseLedger(text) {\n  return text.split("\\n");\n}\n',
  'ledger/total.js':
    'export function totalLedger(entries) {\n  return entries.reduce((a, b) => a + b, 0);\n}\n',
  'ledger/zz-notes.txt': Array.from(
    { length: 120 },
    (_, i) => `Ledger entry ${i}: parse it, then total it with the others.`,
  ).join('\n'),
};

describe('suggest --budget counts its selection as pack writes it', () => {
  let project: Awaited<ReturnType<typeof makeProject>>;
  const encoding = get_encoding('cl100k_base');
  beforeAll(async () => {
    project = await makeProject(FILES);
  });
  afterAll(async () => {
    encoding.free();
    await project.cleanup();
  });

  /** The budget that holds the two small files whole and not the notes. */
  async function budgetFor(format: string) {
    const all = await runSuggest({
      dir: project.dir,
      request: REQUEST,
      model: findModel(undefined),
      format,
    });
    const tokens = new Map(all.files.map((file) => [file.path, file.tokens]));
    expect([...tokens.keys()].sort()).toEqual(Object.keys(FILES).sort());
    const budget = tokens.get('ledger/parse.js')! + tokens.get('ledger/total.js')! + 20;
    expect(tokens.get('ledger/zz-notes.txt')!).toBeGreaterThan(budget);
    return budget;
  }

  /** What pack writes for `paths`: the files part alone, and each file's tokens in its summary. */
  async function packed(paths: string[], format: string) {
    const common = { dir: project.dir, include: paths, format, secretScan: false };
    const part = await runPack({
      ...common,
      items: [{ type: 'SELECTED_FILES_CONTENT', content: '', isActive: true }],
    });
    const whole = await runPack(common);
    return {
      tokens: encoding.encode(part.prompt).length,
      files: new Map(whole.largest.map((file) => [file.path, file.tokens])),
    };
  }

  for (const format of ['sections', 'plain', 'xml', 'markdown']) {
    it(`in the ${format} format: each file's tokens and the exact total`, async () => {
      const budget = await budgetFor(format);
      const outcome = await runSuggest({
        dir: project.dir,
        request: REQUEST,
        model: findModel(undefined),
        format,
        budget,
      });
      const paths = outcome.files.map((file) => file.path);
      expect(paths.sort()).toEqual(['ledger/parse.js', 'ledger/total.js']);
      const reference = await packed(paths, format);
      expect(new Map(outcome.files.map((file) => [file.path, file.tokens]))).toEqual(
        reference.files,
      );
      expect(outcome.tokens).toBe(reference.tokens);
    });
  }

  it('prints that total in the --json document of promptloom suggest', async () => {
    const budget = await budgetFor('sections');
    const run = await promptloom([
      'suggest',
      REQUEST,
      '--dir',
      project.dir,
      '--json',
      '--budget',
      String(budget),
    ]);
    const document = JSON.parse(run.stdout) as { files: { path: string }[]; tokens: number };
    const reference = await packed(
      document.files.map((file) => file.path),
      'sections',
    );
    expect(document.tokens).toBe(reference.tokens);
  });

  it('selects at a budget of its own exact count the same files (--json, --model)', async () => {
    const run = async (budget: number) => {
      const args = ['suggest', REQUEST, '--dir', project.dir, '--json', '--model', 'gpt-4o'];
      const { stdout } = await promptloom([...args, '--budget', String(budget)]);
      return JSON.parse(stdout) as {
        files: { path: string; mode: string }[];
        tokens: number;
        budget: number;
      };
    };
    const wide = await run((await budgetFor('sections')) + 40);
    const o200k = get_encoding('o200k_base');
    try {
      const { prompt } = await runPack({
        dir: project.dir,
        include: wide.files.map((file) => file.path),
        items: [{ type: 'SELECTED_FILES_CONTENT', content: '', isActive: true }],
        model: 'gpt-4o',
        secretScan: false,
      });
      expect(wide.tokens).toBe(o200k.encode(prompt).length);
    } finally {
      o200k.free();
    }
    // Its files hold one separator fewer than their costs: the last one closes the block.
    const exact = await run(wide.tokens);
    expect(exact).toEqual({ ...wide, budget: wide.tokens });
  });
});
