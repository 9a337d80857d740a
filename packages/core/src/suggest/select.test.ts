import { describe, expect, it } from 'vitest';
import type { ModeTokens } from '../fit/modes';
import { suggestSelection } from './select';
import type { RankedFile, SuggestReason } from './types';

/** Ranked files best first, each with its full and outline tokens. */
function ranking(
  files: readonly [path: string, full: number, outline?: number, named?: true | 'demoted'][],
) {
  const ranked: RankedFile[] = files.map(([path, , , flag], at) => ({
    path,
    // Fused scores fall slowly down a ranking: a drop is the exception.
    score: 1 - at / 50,
    role: flag === 'demoted' ? 'test' : 'source',
    ...(flag === 'demoted' ? { demoted: true } : {}),
    reasons: flag === true ? [{ kind: 'mentioned', message: 'named in the request' }] : [],
  }));
  const tokens = new Map<string, ModeTokens>(
    files.map(([path, full, outline]) => [
      path,
      { full, path: 5, ...(outline === undefined ? {} : { outline }) },
    ]),
  );
  return { ranked, tokens };
}

const modes = (selection: ReturnType<typeof suggestSelection>) =>
  selection.files.map((file) => `${file.path} ${file.mode} ${file.tokens}`);

describe('suggestSelection', () => {
  it('gives full text to two smaller files rather than one large file above them', () => {
    const selection = suggestSelection({
      ...ranking([
        ['top.ts', 300, 40],
        ['large.ts', 600, 100],
        ['small.ts', 200, 30],
        ['smaller.ts', 150, 20],
      ]),
      budget: 1000,
    });
    // Filled in rank order, large.ts took the room and the two below it were outlines.
    expect(modes(selection)).toEqual([
      'top.ts full 300',
      'large.ts outline 100',
      'small.ts full 200',
      'smaller.ts full 150',
    ]);
    expect(selection.tokens).toBe(750);
  });

  it('does not let an outline take the room a file below needs in full', () => {
    const selection = suggestSelection({
      ...ranking([
        ['top.ts', 300, 40],
        ['huge.ts', 5000, 400],
        ['next.ts', 500, 60],
      ]),
      budget: 1000,
    });
    // The outline of huge.ts, taken first in rank order, left next.ts no room to be whole.
    expect(modes(selection)).toEqual(['top.ts full 300', 'next.ts full 500']);
  });

  it('takes a file the request names whole first, and never outlines it', () => {
    const fits = suggestSelection({
      ...ranking([
        ['top.ts', 400, 50],
        ['a.ts', 100, 10],
        ['named.ts', 500, 60, true],
      ]),
      budget: 800,
    });
    expect(modes(fits)).toEqual(['top.ts outline 50', 'a.ts full 100', 'named.ts full 500']);
    const over = suggestSelection({
      ...ranking([
        ['top.ts', 400, 50],
        ['named.ts', 900, 60, true],
      ]),
      budget: 800,
    });
    expect(modes(over)).toEqual(['top.ts full 400']);
  });

  it('gives full text to a source file before a smaller test the ranker lowered', () => {
    const selection = suggestSelection({
      ...ranking([
        ['top.ts', 300, 40],
        ['top.test.ts', 200, 30, 'demoted'],
        ['next.ts', 500, 60],
      ]),
      budget: 900,
    });
    // By worth per token alone the test, ranked above, would be whole and next.ts outlined.
    expect(modes(selection)).toEqual([
      'top.ts full 300',
      'top.test.ts outline 30',
      'next.ts full 500',
    ]);
  });

  it('keeps the top file whole or leaves it out when the answer edits by quoting', () => {
    const input = {
      ...ranking([
        ['top.ts', 900, 50],
        ['b.ts', 200, 20],
      ]),
      budget: 800,
    };
    expect(modes(suggestSelection(input))).toEqual(['top.ts outline 50', 'b.ts full 200']);
    expect(modes(suggestSelection({ ...input, answerFormat: 'search-replace' }))).toEqual([
      'b.ts full 200',
    ]);
  });

  it('gives full text to a file scored as the one above it before one below a drop', () => {
    const { ranked, tokens } = ranking([
      ['top.ts', 100],
      ['large.ts', 1000],
      ['near.ts', 450],
      ['far.ts', 200],
    ]);
    const scores = [1, 0.5, 0.49, 0.1];
    const selection = suggestSelection({
      ranked: ranked.map((file, at) => ({ ...file, score: scores[at]! })),
      tokens,
      budget: 600,
    });
    // By rank and tokens alone far.ts, smaller, would be whole first and near.ts left out.
    expect(modes(selection)).toEqual(['top.ts full 100', 'near.ts full 450']);
  });

  it('gives full text to a file several signals back before smaller ones only words meet', () => {
    const { ranked, tokens } = ranking([
      ['top.ts', 300, 40],
      ['backed.ts', 600, 100],
      ['small.ts', 200, 30],
      ['smaller.ts', 150, 20],
    ]);
    const words: SuggestReason[] = [{ kind: 'text', words: ['parse'], message: '' }];
    const backed: SuggestReason[] = [
      { kind: 'defines', name: 'parseArgs', message: '' },
      { kind: 'imports-top', to: 'top.ts', message: '' },
      { kind: 'recent', message: '' },
      ...words,
    ];
    const selection = suggestSelection({
      ranked: ranked.map((file, at) => ({ ...file, reasons: at === 1 ? backed : words })),
      tokens,
      budget: 1000,
    });
    // By rank, score and tokens alone backed.ts would be outlined for the two files below it.
    expect(modes(selection)).toEqual([
      'top.ts full 300',
      'backed.ts full 600',
      'small.ts outline 30',
      'smaller.ts outline 20',
    ]);
    // The words alone weigh nothing more.
    const worded = suggestSelection({
      ranked: ranked.map((file) => ({ ...file, reasons: words })),
      tokens,
      budget: 1000,
    });
    expect(modes(worded)).toEqual([
      'top.ts full 300',
      'backed.ts outline 100',
      'small.ts full 200',
      'smaller.ts full 150',
    ]);
  });

  it('does not let one kind of evidence lift a file of one passage over a longer one above', () => {
    const { ranked, tokens } = ranking([
      ['top.ts', 100, 20],
      ['long.ts', 300, 40],
      ['short.ts', 200, 30],
    ]);
    const words: SuggestReason[] = [{ kind: 'text', words: ['parse'], message: '' }];
    const reasons: SuggestReason[][] = [
      words,
      [{ kind: 'passage', from: 61, to: 90, message: '' }, ...words],
      [{ kind: 'recent', message: '' }, ...words],
    ];
    const selection = suggestSelection({
      ranked: ranked.map((file, at) => ({ ...file, reasons: reasons[at]! })),
      tokens,
      budget: 450,
    });
    // With the passage not counted, short.ts's change alone outweighed the rank between them:
    // short.ts whole and long.ts outlined.
    expect(modes(selection)).toEqual([
      'top.ts full 100',
      'long.ts full 300',
      'short.ts outline 30',
    ]);
  });

  it('takes first, of the files sharing the top score, the one of most evidence per token', () => {
    const { ranked, tokens } = ranking([
      ['init.py', 1200, 60],
      ['linegen.py', 1900, 80],
      ['nodes.py', 800, 40],
      ['mode.py', 270, 20],
    ]);
    const words: SuggestReason[] = [{ kind: 'text', words: ['line'], message: '' }];
    const path: SuggestReason = { kind: 'path', word: 'line', message: '' };
    const reasons: SuggestReason[][] = [
      [path, { kind: 'recent', message: '' }, ...words],
      [
        path,
        { kind: 'defines', name: 'LineGenerator', message: '' },
        { kind: 'imported-by-top', from: 'init.py', message: '' },
        { kind: 'past-change', message: '' },
        ...words,
      ],
      [path, ...words],
      [path, { kind: 'past-change', message: '' }, ...words],
    ];
    const scores = [0.1, 0.1, 0.08, 0.06];
    const input = {
      ranked: ranked.map((file, at) => ({ ...file, score: scores[at]!, reasons: reasons[at]! })),
      tokens,
      budget: 2300,
    };
    // With the first in rank order taken first, linegen.py (25 / 1,900 against 9 / 1,200) had
    // no room left beside it.
    expect(modes(suggestSelection(input))).toEqual([
      'init.py outline 60',
      'linegen.py full 1900',
      'nodes.py outline 40',
      'mode.py full 270',
    ]);
    // Below the top score, the rank order stands.
    const below = input.ranked.map((file, at) => (at === 1 ? { ...file, score: 0.099 } : file));
    expect(modes(suggestSelection({ ...input, ranked: below }))).toEqual([
      'init.py full 1200',
      'nodes.py full 800',
      'mode.py full 270',
    ]);
  });

  it('does not take first a tied file that imports the top file', () => {
    const { ranked, tokens } = ranking([
      ['src/attr/_make.py', 2400, 120],
      ['src/attr/_next_gen.py', 600, 40],
      ['src/attr/_funcs.py', 300, 30],
    ]);
    const words: SuggestReason[] = [{ kind: 'text', words: ['define'], message: '' }];
    const defines: SuggestReason = { kind: 'defines', name: 'define', message: '' };
    const recent: SuggestReason = { kind: 'recent', message: '' };
    const reasons: SuggestReason[][] = [
      [defines, { kind: 'recent', message: '' }, ...words],
      [defines, { kind: 'imports-top', to: 'src/attr/_make.py', message: '' }, ...words],
      [defines, ...words],
    ];
    const input = {
      ranked: ranked.map((file, at) => ({
        ...file,
        score: at < 2 ? 0.12 : 0.09,
        reasons: reasons[at]!,
      })),
      tokens,
      budget: 2800,
    };
    // _next_gen.py (9 / 600 against 9 / 2,400) came first, and _make.py, which it wraps and
    // the fix edits, had no room left beside it.
    expect(modes(suggestSelection(input))).toEqual([
      'src/attr/_make.py full 2400',
      'src/attr/_next_gen.py outline 40',
      'src/attr/_funcs.py full 300',
    ]);
    // A tied file that does not import the top file is still taken first by evidence per token.
    const apart = input.ranked.map((file, at) =>
      at === 1 ? { ...file, reasons: [defines, recent, ...words] } : file,
    );
    expect(modes(suggestSelection({ ...input, ranked: apart }))).toEqual([
      'src/attr/_make.py outline 120',
      'src/attr/_next_gen.py full 600',
      'src/attr/_funcs.py full 300',
    ]);
  });

  it('takes a type declaration whole right after its module, though lowered for its role', () => {
    const stub = suggestSelection({
      ...ranking([
        ['src/validators.py', 400, 50],
        ['src/make.py', 300, 40],
        ['src/validators.pyi', 60, undefined, 'demoted'],
        ['src/other.py', 250, 30],
      ]),
      budget: 1000,
    });
    // Lowered, the stub came after every source file, and other.py left it no room.
    expect(modes(stub)).toEqual([
      'src/validators.py full 400',
      'src/make.py full 300',
      'src/validators.pyi full 60',
      'src/other.py outline 30',
    ]);
    const declaration = suggestSelection({
      ...ranking([
        ['lib/index.js', 100, 20],
        ['lib/util.js', 100, 20],
        ['lib/index.d.ts', 30, undefined, 'demoted'],
      ]),
      budget: 220,
    });
    expect(modes(declaration)).toEqual([
      'lib/index.js full 100',
      'lib/util.js outline 20',
      'lib/index.d.ts full 30',
    ]);
    // A stub whose module is not whole keeps its place, after the source files.
    const apart = suggestSelection({
      ...ranking([
        ['src/big.py', 2000, 100],
        ['src/a.py', 300, 30],
        ['src/big.pyi', 50, undefined, 'demoted'],
      ]),
      budget: 500,
    });
    expect(modes(apart)).toEqual([
      'src/big.py outline 100',
      'src/a.py full 300',
      'src/big.pyi full 50',
    ]);
    // A package's stub of every name it re-exports, larger than its module, does not follow it.
    const larger = suggestSelection({
      ...ranking([
        ['pkg/__init__.py', 100, 20],
        ['pkg/a.py', 300, 30],
        ['pkg/__init__.pyi', 400, undefined, 'demoted'],
      ]),
      budget: 500,
    });
    expect(modes(larger)).toEqual(['pkg/__init__.py full 100', 'pkg/a.py full 300']);
  });

  it('takes a data file over a third of the budget whole only after the source files', () => {
    const selection = suggestSelection({
      ...ranking([
        ['config/options.yml', 4000],
        ['config/manager.py', 3000, 300],
        ['cli/main.py', 2500, 250],
        ['settings.json', 500],
      ]),
      budget: 9000,
    });
    // Taken first, the table of every option left the code that reads it one file's room.
    expect(modes(selection)).toEqual([
      'config/manager.py full 3000',
      'cli/main.py full 2500',
      'settings.json full 500',
    ]);
    const named = ranking([
      ['config/options.yml', 4000, undefined, true],
      ['config/manager.py', 3000, 300],
      ['cli/main.py', 2500, 250],
    ]);
    expect(modes(suggestSelection({ ...named, budget: 9000 }))).toEqual([
      'config/options.yml full 4000',
      'config/manager.py full 3000',
      'cli/main.py outline 250',
    ]);
  });

  it("takes a filed report's first four files in rank order, a commit's by worth", () => {
    const files = ranking([
      ['executor/iterator.py', 250, 20],
      ['cli/config.py', 230, 20],
      ['modules/meta.py', 60, 20],
      ['strategy/base.py', 400, 20],
      ['strategy/linear.py', 120, 20],
      ['playbook/block.py', 110, 20],
      ['playbook/play.py', 100, 20],
    ]);
    // A report's fix is its first files' more often than the small files below them: the
    // 400-token module ranked 4th is whole, and the files below it get the room left.
    expect(modes(suggestSelection({ ...files, budget: 1000, report: true }))).toEqual([
      'executor/iterator.py full 250',
      'cli/config.py full 230',
      'modules/meta.py full 60',
      'strategy/base.py full 400',
      'strategy/linear.py outline 20',
      'playbook/block.py outline 20',
      'playbook/play.py outline 20',
    ]);
    // A commit's words meet many files about as well: worth per token decides, and the three
    // small files below the module take its room.
    expect(modes(suggestSelection({ ...files, budget: 1000 }))).toEqual([
      'executor/iterator.py full 250',
      'cli/config.py full 230',
      'modules/meta.py full 60',
      'strategy/base.py outline 20',
      'strategy/linear.py full 120',
      'playbook/block.py full 110',
      'playbook/play.py full 100',
    ]);
  });

  it('takes the rest of the prompt from the budget first', () => {
    const selection = suggestSelection({
      ...ranking([
        ['top.ts', 300, 40],
        ['b.ts', 300, 40],
      ]),
      budget: 800,
      otherTokens: 450,
    });
    expect(modes(selection)).toEqual(['top.ts full 300', 'b.ts outline 40']);
  });
});
