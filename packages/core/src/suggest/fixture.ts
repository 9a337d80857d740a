/**
 * A small generated multi-language project with known answers: the suggest tests (core, CLI,
 * MCP) write it and check that each signal finds the file it alone can find. Generated here
 * rather than copied: every file is a few lines, written for the case it serves.
 */

import type { SignalName } from './weights';
import type { PastChange } from './types';

/** A file's text from its lines, each ending in a newline. */
export const lines = (...rows: string[]) => `${rows.join('\n')}\n`;

/** Filler modules: many files, so a term in one file is rare, as in a real project. */
function filler(): Record<string, string> {
  const files: Record<string, string> = {};
  const topics = ['colors', 'dates', 'units', 'queue', 'cache', 'format', 'paths', 'stream'];
  topics.forEach((topic, i) => {
    files[`web/src/lib/${topic}.ts`] = lines(
      `export function ${topic}Value(input: string): string {`,
      `  return input.trim() + '${i}';`,
      '}',
    );
    files[`service/${topic}/${topic}.go`] = lines(
      `package ${topic}`,
      '',
      `func Normalize${i}(value string) string {`,
      '\treturn value',
      '}',
    );
  });
  return files;
}

export const SUGGEST_FIXTURE: Record<string, string> = {
  ...filler(),
  // text: the words are in the code, not in the path.
  'app/net/session.py': lines(
    'import random',
    '',
    'def sleep_before_retry(attempt):',
    '    """Exponential backoff with jitter between retries."""',
    '    backoff = 2 ** attempt',
    '    jitter = random.random()',
    '    return backoff + jitter',
  ),
  // path: the file's name and folder say it; its text does not.
  'web/src/billing/invoices.ts': lines(
    "import { formatValue } from '../lib/format';",
    'export const rows = (list: string[]) => list.map(formatValue);',
  ),
  // mentioned: two files of one name; the stack trace names the second.
  'service/alpha/handler.go': lines('package alpha', '', 'func Serve() int { return 1 }'),
  'service/beta/handler.go': lines('package beta', '', 'func Serve() int { return 2 }'),
  // defines: the definer says the name once, its callers many times.
  'core/src/integrity/digest.rs': lines(
    'pub fn compute_checksum(bytes: &[u8]) -> u32 {',
    '    bytes.iter().fold(0u32, |sum, b| sum.wrapping_add(*b as u32))',
    '}',
  ),
  'core/src/upload.rs': lines(
    'use crate::integrity::digest::compute_checksum;',
    'pub fn upload(a: &[u8], b: &[u8], c: &[u8]) -> u32 {',
    '    compute_checksum(a) + compute_checksum(b) + compute_checksum(c) + compute_checksum(a)',
    '}',
  ),
  'core/src/verify.rs': lines(
    'use crate::integrity::digest::compute_checksum;',
    'pub fn verify(a: &[u8], expected: u32) -> bool {',
    '    compute_checksum(a) == expected || compute_checksum(&a[1..]) == expected',
    '}',
  ),
  // graph: the request's words are in the command only; the file it imports does the work.
  'web/src/commands/exportReport.ts': lines(
    "import { writeSpreadsheet } from '../output/spreadsheet';",
    '/** Export the monthly report to a spreadsheet. */',
    'export function exportMonthlyReport(report: string[][]) {',
    '  return writeSpreadsheet(report);',
    '}',
  ),
  'web/src/output/spreadsheet.ts': lines(
    'export function writeSpreadsheet(cells: string[][]): string {',
    "  return cells.map((line) => line.join('\\t')).join('\\n');",
    '}',
  ),
  // recency: twins that only the recent change tells apart.
  'app/jobs/nightly_a.py': lines('def run_nightly_cleanup():', '    return "cleanup"'),
  'app/jobs/nightly_b.py': lines('def run_nightly_cleanup():', '    return "cleanup"'),
  // scope: the text says `sms`, the request's scope says the fix is in the mail code.
  'app/sms/gateway.py': lines(
    'def fallback(message):',
    '    # the sms provider is down: retries forever',
    '    while True:',
    '        retry(message)',
  ),
  'app/mail/outbox.py': lines(
    'def send_all(messages):',
    '    """Send each message; the sms fallback takes the rest."""',
    '    return [fallback(m) for m in messages]',
  ),
  // history: nothing in the file says it; a past commit of a like message changed it.
  'app/store/bundle.py': lines('def pack(items):', '    return zip(items)'),
  // linked: nothing in the file says it; the pull request the report names changed it.
  'app/mail/resend.py': lines('def again(queue):', '    return queue[:1]'),
  // roles: a source file, its test, its docs and an asset, all about the tokenizer.
  'web/src/tokenizer.ts': lines(
    'export function tokenizer(text: string): string[] {',
    '  return text.split(/\\s+/);',
    '}',
  ),
  'web/src/tokenizer.test.ts': lines(
    "import { tokenizer } from './tokenizer';",
    "test('tokenizer splits', () => expect(tokenizer('a b')).toEqual(['a', 'b']));",
    "test('tokenizer keeps words', () => expect(tokenizer('tokenizer')).toEqual(['tokenizer']));",
  ),
  'docs/tokenizer.md': lines(
    '# Tokenizer',
    '',
    'The tokenizer splits text on spaces. Tokenizer tokenizer.',
  ),
  'web/src/assets/tokenizer.svg': lines('<svg><title>tokenizer tokenizer tokenizer</title></svg>'),
};

export interface SuggestCase {
  /** The signal that alone finds the answer (its weight set to 0, the case fails). */
  signal: SignalName;
  request: string;
  /** The file that must come first (or within `within`). */
  answer: string;
  within?: number;
  changedPaths?: string[];
  history?: PastChange[];
}

export const SUGGEST_CASES: SuggestCase[] = [
  {
    signal: 'text',
    request: 'make the jitter of the backoff smaller',
    answer: 'app/net/session.py',
  },
  {
    signal: 'path',
    request: 'the billing invoices page is blank',
    answer: 'web/src/billing/invoices.ts',
  },
  {
    signal: 'mentioned',
    request: 'panic: nil map\n\tservice/beta/handler.go:3 +0x1d\nwhen serving',
    answer: 'service/beta/handler.go',
  },
  {
    signal: 'defines',
    request: 'The checksum is wrong for empty input: fix `computeChecksum`',
    answer: 'core/src/integrity/digest.rs',
  },
  {
    signal: 'graph',
    request: 'the monthly report download has no header',
    answer: 'web/src/output/spreadsheet.ts',
    within: 2,
  },
  {
    signal: 'recent',
    request: 'nightly cleanup runs twice',
    answer: 'app/jobs/nightly_b.py',
    changedPaths: ['app/jobs/nightly_b.py'],
  },
  {
    signal: 'scope',
    request: 'mail: the sms fallback retries forever',
    answer: 'app/mail/outbox.py',
  },
  {
    signal: 'history',
    request: 'archived projects lose their attachments when saved',
    answer: 'app/store/bundle.py',
    history: [
      { message: 'fix: a large commit', paths: Object.keys(filler()) },
      {
        message: 'keep the attachments when saving archived projects',
        paths: ['app/store/bundle.py'],
      },
      { message: 'billing: round the invoices', paths: ['web/src/billing/invoices.ts'] },
    ],
  },
  {
    signal: 'linked',
    request: 'Every message goes out twice since #412',
    answer: 'app/mail/resend.py',
    history: [
      { message: 'outbox: resend on a timeout (#412)', paths: ['app/mail/resend.py'] },
      { message: 'billing: round the invoices (#398)', paths: ['web/src/billing/invoices.ts'] },
    ],
  },
];

/** Filler functions of a long module: words no request of the tests uses. */
function fillerFunctions(count: number): string[] {
  return Array.from({ length: count }, (_, i) => [
    `def place_row_${i}(rows, width):`,
    `    total = 0`,
    `    for row in rows:`,
    `        total += row.size * ${i + 1}`,
    `    if total > width:`,
    `        total = width`,
    `    return total`,
    '',
    '',
    '',
  ]).flat();
}

/**
 * Passages: a long module where one function holds a report's words, beside a short one
 * where a few of them are scattered. The whole-file text score prefers the short file; a
 * long request's passage score finds the function (decision 142).
 */
export const PASSAGE_FIXTURE = {
  files: {
    'app/render/layout.py': lines(
      ...fillerFunctions(6),
      'def pin_heading(view):',
      '    # keep the sticky header inside the viewport while the page scrolls',
      '    sticky = view.sticky_header',
      '    if sticky.overflow and view.viewport.clipped:',
      '        sticky.margin = view.viewport.scrollbar',
      '    sticky.clipped = sticky.overflow or view.viewport.clipped',
      '    return sticky',
      '',
      '',
      '',
      ...fillerFunctions(9),
    ),
    'app/render/theme.py': lines(
      'def palette(theme):',
      '    # the sticky header takes the accent',
      '    return theme.accent',
      '',
      'def spacing(theme):',
      '    # a margin around the viewport',
      '    return theme.gap',
    ),
  } as Record<string, string>,
  request: [
    'Sticky header is clipped when the page overflows',
    '',
    'Since the last release the sticky header of every long page is clipped by the viewport as',
    'soon as the content overflows: its bottom part hides under the scrollbar, and the margin',
    'that used to keep it clear is gone. Steps: open any long article with many sections, scroll down',
    'a little, and watch the header. Expected: the whole header stays visible. Seen on several',
    'browsers and screens, with and without zoom; a narrow window makes it worse.',
  ].join('\n'),
  answer: 'app/render/layout.py',
  other: 'app/render/theme.py',
};
