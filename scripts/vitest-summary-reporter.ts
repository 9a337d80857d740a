import type { Reporter, TestModule } from 'vitest/node';

/**
 * Ends every run with one plain line, `N passed, N failed`, the format CI reads. A test file
 * that fails outside any test (import error, hook) and each unhandled error count as a failure.
 */
export default class SummaryReporter implements Reporter {
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
    process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
  }
}
