/**
 * The curated starter blocks the system author shares in the library (starred).
 * Editing a text here publishes it as a new version at the next start, so subscribers
 * are offered the improvement like any other update.
 */
export interface StarterBlock {
  name: string;
  category: string;
  color: string;
  description: string;
  tags: string[];
  content: string;
}

/** In English, as the blocks' names and texts are: an import files the block under these. */
export const STARTER_CATEGORY = {
  roles: 'Roles',
  reviews: 'Reviews',
  formats: 'Output formats',
  workflow: 'Workflows',
} as const;

export const STARTER_BLOCKS: StarterBlock[] = [
  {
    name: 'Senior code reviewer',
    category: STARTER_CATEGORY.roles,
    color: '#6366F1',
    description:
      'Sets the model up as a demanding but constructive senior reviewer who ranks findings by impact.',
    tags: ['role', 'code-review', 'quality'],
    content: `You are a senior software engineer doing a code review for a teammate.

Review the code I share with these priorities, in this order:
1. Correctness: logic errors, unhandled edge cases (empty input, null, concurrency, time zones, large data), broken invariants.
2. Security: injection, authorization gaps, secrets in code, unsafe deserialization, missing input validation.
3. Data and failure handling: what happens on partial failure, retries, transactions, error messages that leak internals.
4. Design: responsibilities in the wrong place, needless coupling, duplicated logic, names that mislead.
5. Tests: missing cases for the behaviour that changed.
6. Readability and style, only when it genuinely hurts comprehension.

For every finding give: the file and line (or the snippet), the problem, why it matters, and a concrete fix (code when useful).
Label each finding BLOCKER, SHOULD-FIX or NIT. Start with a two-sentence overall verdict.
Do not invent problems to fill the list: if a section has nothing worth saying, say so in one line.`,
  },
  {
    name: 'Security review checklist',
    category: STARTER_CATEGORY.reviews,
    color: '#F97316',
    description:
      'A systematic pass over the usual vulnerability classes, with severity and a fix per finding.',
    tags: ['security', 'checklist', 'code-review'],
    content: `Audit the code below for security problems. Go through this checklist explicitly and report on every item (write "OK" when nothing applies):

- Input validation: every external input (HTTP params, headers, files, env, messages) validated for type, length and format at the boundary.
- Injection: SQL/NoSQL built from strings, shell commands, template injection, path traversal in file access, LDAP/XPath.
- Output encoding: XSS through HTML, attributes, URLs or dangerouslySetInnerHTML-style sinks.
- Authentication: password/token handling, session fixation, token lifetime and rotation.
- Authorization: every data access filtered by the current user; IDOR; admin-only paths; existence leaks (403 vs 404).
- Secrets: keys, tokens or passwords in code, logs, error messages or client bundles.
- Cryptography: home-made crypto, weak randomness for tokens, missing constant-time comparison, outdated algorithms.
- Dependencies and configuration: risky defaults, debug modes, permissive CORS, missing security headers.
- Resource abuse: unbounded loops, uploads or queries; missing rate limits; ReDoS-prone regular expressions.
- Data exposure: over-broad API responses, PII in logs, verbose stack traces.

For each finding: severity (critical/high/medium/low), the exact location, an exploit scenario in one or two sentences, and the fix.`,
  },
  {
    name: 'Explain like a staff engineer',
    category: STARTER_CATEGORY.roles,
    color: '#06B6D4',
    description:
      'Clear, layered explanations: the big picture first, then the mechanics and trade-offs.',
    tags: ['role', 'explanation', 'architecture'],
    content: `Explain the code or concept I ask about the way a staff engineer explains it to a capable colleague who is new to this part of the system.

Structure the answer in layers:
1. One paragraph: what it is for and where it sits in the system (inputs, outputs, who calls it).
2. The main flow, step by step, naming the real functions, types and files.
3. The non-obvious parts: invariants, hidden coupling, performance characteristics, failure modes.
4. Why it is built this way: the trade-offs and the alternatives that were probably rejected.
5. What to watch out for when changing it.

Be precise and concrete; quote short snippets rather than paraphrasing them. Avoid filler and generic advice.
If something cannot be determined from what I shared, say so instead of guessing.`,
  },
  {
    name: 'Output as unified diff',
    category: STARTER_CATEGORY.formats,
    color: '#22C55E',
    description: 'Asks for changes as an applicable unified diff instead of whole files.',
    tags: ['output-format', 'diff', 'patch'],
    content: `Give every code change as a unified diff that applies cleanly with \`git apply\` from the repository root.

Rules:
- Use \`--- a/path\` and \`+++ b/path\` headers with paths relative to the repository root.
- Include at least 3 lines of unchanged context around each hunk and correct hunk headers (@@ -l,s +l,s @@).
- New files use \`--- /dev/null\`; deleted files use \`+++ /dev/null\`.
- Do not reformat or reorder code you are not changing.
- Put all hunks for one file together, files in a sensible order (types and helpers before their callers).
- After the diff, list in at most five bullet points what changed and why, and any follow-up the reader must do (migrations, new dependencies, config).

Output nothing else: no full-file listings and no explanations inside the diff.`,
  },
  {
    name: 'Write tests first',
    category: STARTER_CATEGORY.workflow,
    color: '#84CC16',
    description:
      'Test-driven workflow: list behaviours, write failing tests, then the minimal code.',
    tags: ['testing', 'tdd', 'workflow'],
    content: `Work test-first on the task below.

1. List the behaviours the change must have as short, concrete statements, including edge cases and error cases.
2. Write the tests for those behaviours using the project's existing test framework and conventions (look at the test files I shared). Each test checks one behaviour, has a descriptive name, and asserts on observable results rather than internals. No mocks where a real, fast implementation is available.
3. Explain briefly why each test fails against the current code.
4. Only then write the minimal implementation that makes the tests pass.
5. Finish with the refactoring you would do now that the tests protect the behaviour, if any.

Never weaken or delete an existing test to make the new code pass; if an existing test conflicts with the task, point it out.`,
  },
  {
    name: 'Concise commit message',
    category: STARTER_CATEGORY.formats,
    color: '#F59E0B',
    description: 'A conventional, reviewable commit message written from the diff.',
    tags: ['git', 'commit', 'output-format'],
    content: `Write a commit message for the changes I share.

Format:
- Subject line: imperative mood, at most 72 characters, no trailing period, prefixed with a Conventional Commits type and optional scope (feat, fix, refactor, perf, test, docs, build, ci, chore), e.g. "fix(auth): reject reused refresh tokens".
- A blank line, then a body wrapped at 72 columns that explains what changed and why (the motivation and the effect), not how line by line.
- Mention breaking changes in a "BREAKING CHANGE:" footer and referenced issues as "Refs #123" when they are known.

If the diff mixes unrelated changes, say so and propose how to split it into separate commits, each with its own message.
Output only the message(s), in a code block.`,
  },
  {
    name: 'Refactoring plan',
    category: STARTER_CATEGORY.workflow,
    color: '#EC4899',
    description: 'A safe, incremental refactoring plan where every step keeps the build green.',
    tags: ['refactoring', 'planning', 'architecture'],
    content: `Propose a refactoring plan for the code I share. The goal is stated in the task; keep the external behaviour unchanged.

1. Diagnosis: the concrete problems in the current structure (duplication, wrong responsibilities, tangled dependencies, hard-to-test parts), each with an example from the code.
2. Target design: modules, responsibilities and dependency direction after the refactoring, in a short list or a small diagram.
3. Steps: an ordered list of small steps. Each step must compile, keep all tests passing and be committable on its own. For each step: what to change, which files, and how to verify it (tests to run or add).
4. Safety net: the characterisation tests to add before starting, if coverage is thin.
5. Risks and what to leave alone for now.

Prefer many boring, mechanical steps over one big rewrite.`,
  },
  {
    name: 'Bug report triage',
    category: STARTER_CATEGORY.reviews,
    color: '#3B82F6',
    description: 'Turns a bug report and code into hypotheses, a reproduction and a fix plan.',
    tags: ['debugging', 'triage', 'bugs'],
    content: `Triage the bug report below using the code I shared.

1. Restate the bug: expected behaviour, actual behaviour, and the conditions under which it happens. Note what information is missing from the report.
2. Hypotheses: list the plausible root causes, most likely first. For each, point to the code involved and the evidence for and against it.
3. Reproduction: the smallest steps or the automated test that would reproduce the most likely cause.
4. Fix: the change you recommend for the root cause (not just the symptom), with code, and any data repair needed for records already affected.
5. Prevention: the test that would have caught it and any similar spots in the code that may have the same problem.

Assign a severity (critical, major, minor) and say who is affected.`,
  },
];
