import { describe, expect, it } from 'vitest';
import { indexFile } from './index-file';
import { buildProjectIndex } from './project-index';
import { rankFiles } from './rank';

const form = [
  'name: Bug report',
  'body:',
  '  - type: textarea',
  '    attributes:',
  '      label: Steps to Reproduce',
  '      description: Paste the playbook and the output of ansible --version',
  '  - type: textarea',
  '    attributes:',
  '      label: Expected Results',
].join('\n');

const project = buildProjectIndex([
  indexFile({ path: '.github/ISSUE_TEMPLATE/bug_report.yml', text: form }),
  indexFile({
    path: 'lib/app/shell.py',
    text: 'def env_prefix(env):\n    return " ".join("%s=%s" % (k, v) for k, v in env.items())\n',
  }),
]);

const report = [
  'env_prefix fails on a value holding a percent sign',
  '',
  '### Steps to Reproduce',
  'Run the playbook with an environment variable set to `%D`.',
  '### Expected Results',
  'The task runs. ansible --version says 2.17.',
].join('\n');

describe('issue templates', () => {
  it('lowers the issue form a report was filed through, unless the request is about it', () => {
    const ranked = rankFiles(report, project);
    expect(ranked[0]!.path).toBe('lib/app/shell.py');
    const template = ranked.find((file) => file.path.endsWith('bug_report.yml'));
    expect(template?.demoted).toBe(true);
    const named = rankFiles(`${report}\nThe form .github/ISSUE_TEMPLATE/bug_report.yml`, project);
    expect(named.find((file) => file.path.endsWith('bug_report.yml'))?.demoted).toBeUndefined();
  });
});
