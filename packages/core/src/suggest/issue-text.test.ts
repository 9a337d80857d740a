import { describe, expect, it } from 'vitest';
import { buildProjectIndex } from './project-index';
import { indexFile } from './index-file';
import { rankFiles } from './rank';
import { SUGGEST_FIXTURE } from './fixture';
import { requestBody } from './issue-text';
import { parseRequest } from './request';

const ISSUE = [
  'Backoff jitter grows without bound',
  '',
  '<!-- Please search the existing issues first. Include the queue and cache versions. -->',
  '',
  '### Validations',
  '',
  '- [x] Follow our Code of Conduct',
  '- [x] Read the docs on units and dates',
  '',
  '### Describe the bug',
  '',
  'The jitter between retries keeps growing.',
  '',
  '```python',
  'sleep_before_retry(9)',
  '```',
  '',
  '### System Info',
  '',
  '```',
  '  System:',
  '    OS: Linux 6.1 Debian',
  '  npmPackages:',
  '    stream: ^1.2.0 => 1.2.3',
  '```',
  '',
  '**Python version**',
  '',
  'colors 3.12, with format and paths plugins',
  '',
  'stream==1.2.3',
  'dates==2.0',
].join('\n');

describe('requestBody', () => {
  it("cuts a template's comments, checklists and environment sections, keeps the rest", () => {
    const body = requestBody(ISSUE);
    expect(body).toContain('Backoff jitter grows without bound');
    expect(body).toContain('The jitter between retries keeps growing.');
    expect(body).toContain('sleep_before_retry(9)');
    for (const gone of ['queue', 'Code of Conduct', 'units', 'npmPackages', 'Debian', 'colors']) {
      expect(body).not.toContain(gone);
    }
    expect(body).not.toMatch(/stream|dates==/);
  });

  it('leaves a request without a template as it is', () => {
    const commit = 'ssr: keep the comment before an import\n\nThe transform dropped it.';
    expect(requestBody(commit)).toBe(commit);
  });

  it('ranks an issue as its text without the boilerplate', () => {
    const index = buildProjectIndex(
      Object.entries(SUGGEST_FIXTURE).map(([path, text]) => indexFile({ path, text })),
    );
    const paths = (request: string) => rankFiles(request, index).map((file) => file.path);
    expect(paths(ISSUE)).toEqual(paths(requestBody(ISSUE)));
    // Without the cut, the environment's words bring the filler modules up.
    expect(paths(ISSUE).slice(0, 5)).not.toContain('web/src/lib/stream.ts');
    expect(paths(`${requestBody(ISSUE)}\nstream stream dates units`).slice(0, 5)).toContain(
      'web/src/lib/stream.ts',
    );
  });
});

describe('parseRequest on issue text', () => {
  it('takes a name written as a call, `edit(`, for code', () => {
    const parsed = parseRequest('calling click.edit(filename=path) fails with a Path');
    expect(parsed.names.get('edit')).toBe(true);
    expect(parsed.names.get('filename')).toBe(false);
    expect(parsed.names.get('path')).toBe(false);
  });

  it("reads only the words of its own table as asks, not an object's built-in names", () => {
    const parsed = parseRequest('the constructor of toString fails; see the docs');
    expect([...parsed.asks]).toEqual(['docs']);
  });
});

describe('links in a request', () => {
  const index = buildProjectIndex(
    Object.entries(SUGGEST_FIXTURE).map(([path, text]) => indexFile({ path, text })),
  );

  it('reads a GitHub link to a file as that file, at its line', () => {
    const request =
      'Packing drops items, see https://github.com/acme/app/blob/0a1b2c3/app/store/bundle.py#L2.';
    expect(parseRequest(request).mentions).toEqual([{ path: 'app/store/bundle.py', line: 2 }]);
    const [top] = rankFiles(request, index);
    expect(top!.path).toBe('app/store/bundle.py');
    expect(top!.reasons[0]).toMatchObject({ kind: 'mentioned', line: 2 });
  });

  it("keeps only a link's path words, and nothing of another GitHub link", () => {
    const plain = 'The jitter between retries keeps growing';
    const linked = `${plain}: https://stackblitz.com/edit/repro?file=tokenizer.ts,report.svg#L3 (and https://github.com/acme/app/issues/12)`;
    const terms = [...parseRequest(linked).terms.keys()];
    expect(terms).toEqual([...parseRequest(`${plain}: edit repro`).terms.keys()]);
    expect(terms).not.toContain('tokenizer');
    const paths = (text: string) => rankFiles(text, index).map((f) => f.path);
    expect(paths(linked)).toEqual(paths(`${plain}: edit repro`));
  });
});
