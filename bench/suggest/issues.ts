// The issue-text set of the suggest ranker: a real issue's text (title and description as
// filed) is the request, the non-test files its fix commit modified are the gold, and the fix
// commit's parent is the tree, as in the commit set (history.ts). Issue texts are third-party
// text: the set lives outside the repository, in the JSON file SUGGEST_ISSUES names, built as
// decision 117 describes; this module only reads it. Held-out tasks are split by the same hash
// rule as the commit set.
import { readFileSync } from 'node:fs';
import { type HistoryRepo, type Task, git, isHeldOut, tasksOf } from './history';

/** SUGGEST_ISSUES names the issue-text set, ranked instead of the commit set. */
export const ISSUES = process.env.SUGGEST_ISSUES;

interface IssueRecord {
  repo: string;
  sha: string;
  parent: string;
  request: string;
  gold: string[];
  issueUrl: string;
}

let records: IssueRecord[] | undefined;

function load(file: string): IssueRecord[] {
  records ??= JSON.parse(readFileSync(file, 'utf8')) as IssueRecord[];
  return records;
}

/** The issue tasks of one repository, oldest fix first (consecutive trees share blobs). */
export function issueTasksOf(repo: HistoryRepo, file: string): Task[] {
  const mine = load(file).filter((record) => record.repo === repo.name);
  if (mine.length === 0) return [];
  const dates = new Map(
    git(repo.gitDir, ['log', '--no-walk=unsorted', '--format=%H %ct %s', ...mine.map((r) => r.sha)])
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [sha, time, ...subject] = line.split(' ');
        return [sha!, { time: Number(time), subject: subject.join(' ') }] as const;
      }),
  );
  return mine
    .filter((record) => dates.has(record.sha))
    .sort((a, b) => dates.get(a.sha)!.time - dates.get(b.sha)!.time)
    .map((record) => ({
      repo: record.repo,
      sha: record.sha,
      parent: record.parent,
      request: record.request,
      gold: record.gold,
      heldOut: isHeldOut(record.sha),
      subject: dates.get(record.sha)!.subject,
    }));
}

/** The tasks of a repository: the issue-text set when SUGGEST_ISSUES is set, else its commits. */
export const tasksFor = (repo: HistoryRepo): Task[] =>
  ISSUES ? issueTasksOf(repo, ISSUES) : tasksOf(repo);
