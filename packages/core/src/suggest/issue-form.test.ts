import { describe, expect, it } from 'vitest';
import { indexFile } from './index-file';
import { isIssueForm, issueFormLines, withoutFormLines } from './issue-form';
import { buildProjectIndex } from './project-index';
import { rankFiles } from './rank';

const form = [
  'name: Bug report',
  'description: Create a report to help us improve',
  'body:',
  '  - type: dropdown',
  '    attributes:',
  '      label: Issue Type',
  '      options:',
  '        - Bug Report',
  '  - type: textarea',
  '    attributes:',
  '      label: Configuration',
  '      description: >-',
  '        Paste verbatim output from `app-config dump --only-changed` below.',
  '      render: console',
  '      value: |',
  '        # omit --only-changed before 2.12',
  '        $ app-config dump --only-changed',
  '      placeholder: |',
  '        $ app-config dump --only-changed',
  '        hosts: all',
].join('\n');

const checklist = [
  '---',
  'name: Bug Report',
  'about: Is something wrong?',
  '---',
  '# Checklist',
  '- [ ] I have read the relevant section in the',
  '  [contribution guide](https://example.org/contributing.html)',
  '  on reporting bugs.',
].join('\n');

describe("an issue form's lines", () => {
  it('knows the forge folders and files of issue and pull-request forms', () => {
    expect(isIssueForm('.github/ISSUE_TEMPLATE/bug_report.yml')).toBe(true);
    expect(isIssueForm('.github/PULL_REQUEST_TEMPLATE.md')).toBe(true);
    expect(isIssueForm('ISSUE_TEMPLATE.md')).toBe(true);
    expect(isIssueForm('docs/issue_template.md')).toBe(true);
    expect(isIssueForm('.gitlab/issue_templates/Bug.md')).toBe(true);
    expect(isIssueForm('hacking/deprecated_issue_template.md')).toBe(false);
    expect(isIssueForm('lib/app/template.py')).toBe(false);
  });

  it("reads a YAML form's strings and a Markdown template's lines, not the form's keys", () => {
    expect(issueFormLines('.github/ISSUE_TEMPLATE/bug.yml', form)).toEqual([
      'bug report',
      'create a report to help us improve',
      'issue type',
      'configuration',
      'paste verbatim output from `app-config dump --only-changed` below.',
      'omit --only-changed before 2.12',
      '$ app-config dump --only-changed',
    ]);
    expect(issueFormLines('.github/ISSUE_TEMPLATE/bug.md', checklist)).toEqual([
      'name: bug report',
      'about: is something wrong?',
      'checklist',
      'i have read the relevant section in the',
      '[contribution guide](https://example.org/contributing.html)',
      'on reporting bugs.',
    ]);
    expect(issueFormLines('lib/app/config.yml', form)).toEqual([]);
  });

  it('drops the lines a request copies from the forms, not its title, fences or headings', () => {
    const lines = new Set([
      ...issueFormLines('.github/ISSUE_TEMPLATE/bug.yml', form),
      ...issueFormLines('.github/ISSUE_TEMPLATE/bug.md', checklist),
    ]);
    const request = [
      'Bug Report',
      '',
      '### Issue Type',
      '',
      'Bug Report',
      '',
      '- [x] I have read the relevant section in the',
      '  on reporting bugs.',
      '### Configuration',
      '```console',
      '$ app-config dump --only-changed',
      'hosts: all',
      '```',
    ].join('\n');
    expect(withoutFormLines(request, lines)).toBe(
      [
        'Bug Report',
        '',
        '### Issue Type',
        '',
        '',
        '### Configuration',
        '```console',
        'hosts: all',
        '```',
      ].join('\n'),
    );
    expect(withoutFormLines('one line', lines)).toBe('one line');
    expect(withoutFormLines(request, new Set())).toBe(request);
  });

  it("ranks a report without its form's command: the config command's file no longer comes first", () => {
    const project = buildProjectIndex([
      indexFile({ path: '.github/ISSUE_TEMPLATE/bug_report.yml', text: form }),
      indexFile({
        path: 'lib/app/cli/config.py',
        text: [
          'def dump(args):',
          '    """Dump the configuration, only the changed settings with --only-changed."""',
          '    parser.add_argument("--only-changed", action="store_true")',
          '    for setting in changed_settings(args):',
          '        print(setting)',
        ].join('\n'),
      }),
      indexFile({
        path: 'lib/app/shell.py',
        text: [
          'def env_prefix(env):',
          '    """The environment of a command, each variable quoted for the shell."""',
          '    return " ".join("%s=%s" % (k, quote(v)) for k, v in env.items())',
        ].join('\n'),
      }),
    ]);
    const report = [
      'A command fails when its environment holds a percent sign',
      '',
      '### Summary',
      '',
      'The environment of a command is not quoted for the shell when a variable holds `%D`.',
      '',
      '### Issue Type',
      '',
      'Bug Report',
      '',
      '### Configuration',
      '',
      '```console',
      '# omit --only-changed before 2.12',
      '$ app-config dump --only-changed',
      '```',
    ].join('\n');

    expect(rankFiles(report, project)[0]!.path).toBe('lib/app/shell.py');
  });
});
