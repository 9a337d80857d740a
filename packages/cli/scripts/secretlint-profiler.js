// Stands in for @secretlint/profiler in the CLI bundle. The real one marks every rule run in
// perf_hooks and, on each mark, searches every earlier entry: the cost grows with the square
// of the files scanned (a whole corpus: a million marks, minutes). The CLI reads no profile.
export class SecretLintProfiler {
  mark() {}
  async getEntries() {
    return [];
  }
  async getMeasures() {
    return [];
  }
}
export const secretLintProfiler = new SecretLintProfiler();
