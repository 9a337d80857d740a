// Loaded before every unit, server and CLI test file (vitest.config.ts, the web's
// vite.config.ts): a test that writes to console.error or console.warn fails, so a green run
// cannot hide an error that was thrown and caught and logged. A test that expects such output
// says so by spying on the method itself (`vi.spyOn(console, 'error').mockImplementation(…)`),
// which replaces the recorder below for that test.
import { format } from 'node:util';
import { afterEach, beforeEach } from 'vitest';

const levels = ['error', 'warn'] as const;
let unexpected: string[] = [];

for (const level of levels) {
  const write = console[level].bind(console);
  console[level] = (...args: unknown[]) => {
    unexpected.push(`console.${level}: ${format(...args)}`);
    write(...args);
  };
}

beforeEach(() => {
  unexpected = [];
});

afterEach(() => {
  const logged = unexpected;
  unexpected = [];
  if (logged.length > 0) {
    throw new Error(
      `The test wrote to the console unexpectedly (spy on console.error/warn where it is expected):\n${logged.join('\n')}`,
    );
  }
});
