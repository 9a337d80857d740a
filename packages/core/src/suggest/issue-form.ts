/**
 * The lines a report copies from the project's own issue form: a forge fills a report with the
 * form's labels as headings, its prefilled values (ansible's `$ ansible-config dump
 * --only-changed -t all` under "Configuration"), the option a dropdown offers ("Bug Report")
 * and its checklist's sentences, continuation lines included ("  for similar or identical bug
 * reports."). Their words are the form's, in every report, and lift the code they happen to
 * name (`cli/config.py` for `ansible-config dump`) above the code the report is about. The
 * form's files are in the tree, so those lines are read from them, not from a list per project.
 */

/**
 * Files of a forge's issue or pull-request form: GitHub's `.github/ISSUE_TEMPLATE/` forms and
 * templates, `ISSUE_TEMPLATE.md` or `pull_request_template.md` at the root, in `docs/` or in
 * `.github/`, GitLab's and Gitea's folders of templates.
 */
const FORM =
  /(^|\/)\.(github|gitlab|gitea)\/(ISSUE_TEMPLATE|PULL_REQUEST_TEMPLATE|issue_templates|merge_request_templates)\/|^(\.github\/|\.gitea\/|docs\/)?(pull_request|issue)_template\.md$/i;

export const isIssueForm = (path: string): boolean => FORM.test(path);

/** A YAML line `key: rest` (a list item's too), its key and the rest. */
const YAML_KEY = /^\s*(?:-\s+)?([A-Za-z_][\w-]*):(?:\s+(.*))?$/;
/** A YAML form's keys whose strings a report may copy; the others (`type`, `id`) say how. */
const STRING_KEYS = new Set([
  'name',
  'description',
  'title',
  'label',
  'placeholder',
  'value',
  'options',
]);

/** A form's lines longer than this are read no further: a placeholder may hold a whole log. */
const MAX_LINE = 300;
/** Lines kept per form file, enough for any hand-written form. */
const MAX_FORM_LINES = 400;

/**
 * A line as a form writes it and as a report copies it: list, heading, quote and checkbox
 * marks off (`- [x] `, `### `, `> `), spaces collapsed, lower-case.
 */
function lineKey(line: string): string {
  return line
    .trim()
    .replace(/^(?:(?:[-*+>]|#{1,6}|\d+[.)])\s*)*(?:\[[ xX]\]\s*)?/, '')
    .replace(/\s+/g, ' ')
    .toLowerCase();
}

/** Whether a key is worth matching: a word of some letters, not a lone `---` or `-`. */
const meaningful = (key: string) => key.length >= 3 && /\p{L}{2}/u.test(key);

/**
 * The lines of one form file, as keys: a YAML form's names, labels, descriptions, placeholders,
 * values and options (`label: Summary` as `summary`, `- Bug Report`, the indented lines of
 * `value: |`), not its other keys (`type: textarea`); a Markdown template's lines. Quotes around
 * a YAML string are dropped. Empty for a file that is no form.
 */
export function issueFormLines(path: string, text: string): string[] {
  if (!isIssueForm(path)) return [];
  const yaml = /\.ya?ml$/i.test(path);
  const keys = new Set<string>();
  for (const raw of text.split('\n')) {
    if (keys.size >= MAX_FORM_LINES) break;
    let line = raw.length > MAX_LINE ? raw.slice(0, MAX_LINE) : raw;
    if (yaml) {
      const pair = YAML_KEY.exec(line);
      // A block scalar's mark (`|`, `>-`) says how its lines below are joined, nothing more.
      if (pair)
        line = STRING_KEYS.has(pair[1]!) ? (pair[2] ?? '').replace(/^[|>][-+]?\s*$/, '') : '';
      line = line.replace(/^\s*(["'])(.*)\1\s*$/, '$2');
    }
    const key = lineKey(line);
    if (meaningful(key)) keys.add(key);
  }
  return [...keys];
}

/** A fence line (```` ```console ````): kept, so the snippets after it stay snippets. */
const FENCE = /^\s*(?:```|~~~)/;
/** A heading outside a fence: kept, the cut of a template's sections reads them (issue-text.ts). */
const HEADING = /^\s{0,3}(?:#{1,6}\s|\*\*[^*\n]+\*\*:?\s*$)/;

/**
 * The request without the lines its project's forms hold (`formLines`, issueFormLines' keys of
 * every form file): the first line, a title, stays, and so do fences and headings, which say
 * where a snippet or a section starts. A request that copies none is returned as it is.
 */
export function withoutFormLines(request: string, formLines: ReadonlySet<string>): string {
  if (formLines.size === 0 || !request.includes('\n')) return request;
  const lines = request.split('\n');
  let fence = false;
  const kept = lines.filter((line, at) => {
    if (FENCE.test(line)) {
      fence = !fence;
      return true;
    }
    // In a snippet, `# if using a version older…` is a comment the form prefilled.
    return at === 0 || (!fence && HEADING.test(line)) || !formLines.has(lineKey(line));
  });
  return kept.length === lines.length ? request : kept.join('\n');
}
