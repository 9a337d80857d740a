import type { Reporter, TestModule } from 'vitest/node';

/** First file picked up and last file finished, per project (milliseconds, performance.now). */
interface ProjectSpan {
  start: number;
  end: number;
  files: number;
}

const SLOWEST_FILES = 15;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Ends every run with the wall time of each project (from its first file being picked up to
 * its last finishing; projects overlap, since files of several projects share the workers),
 * the whole run's wall time, the slowest files (what to look at when the run nears CI's limit),
 * then one plain line, `N passed, N failed`, the format CI reads.
 * A test file that fails outside any test (import error, hook) and each unhandled error count
 * as a failure.
 */
export default class SummaryReporter implements Reporter {
  private runStart = performance.now();
  private readonly spans = new Map<string, ProjectSpan>();

  onTestRunStart() {
    this.runStart = performance.now();
    this.spans.clear();
  }

  onTestModuleQueued(testModule: TestModule) {
    const name = testModule.project.name || 'default';
    const now = performance.now();
    const span = this.spans.get(name);
    if (span) span.files += 1;
    else this.spans.set(name, { start: now, end: now, files: 1 });
  }

  onTestModuleEnd(testModule: TestModule) {
    const span = this.spans.get(testModule.project.name || 'default');
    if (span) span.end = Math.max(span.end, performance.now());
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>) {
    let passed = 0;
    let failed = unhandledErrors.length;
    for (const testModule of testModules) {
      let failedTests = 0;
      for (const testCase of testModule.children.allTests()) {
        const state = testCase.result().state;
        if (state === 'passed') passed += 1;
        if (state === 'failed') failedTests += 1;
      }
      const moduleFailed = testModule.state() === 'failed' || testModule.errors().length > 0;
      failed += failedTests > 0 ? failedTests : moduleFailed ? 1 : 0;
    }
    const lines = [...this.spans]
      .sort(([, a], [, b]) => a.start - b.start)
      .map(([name, span]) => `  ${name}: ${seconds(span.end - span.start)} (${span.files} files)`);
    const total = seconds(performance.now() - this.runStart);
    process.stdout.write(`\nWall time per project:\n${lines.join('\n')}\n  whole run: ${total}\n`);
    const slowest = [...testModules]
      .map((testModule) => ({ testModule, ms: testModule.diagnostic().duration }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, SLOWEST_FILES)
      .map(
        ({ testModule, ms }) =>
          `  ${seconds(ms)}  ${testModule.project.name} ${testModule.relativeModuleId}`,
      );
    if (slowest.length > 1) process.stdout.write(`\nSlowest files:\n${slowest.join('\n')}\n`);
    process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
  }
}
