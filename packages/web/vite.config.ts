import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { Rolldown } from 'vite';
import { createLogger } from 'vite';
import { defineConfig } from 'vitest/config';

const apiTarget = 'http://127.0.0.1:3000';

/**
 * Build warnings known to be harmless, each tied to the one package that causes it, so that
 * any other package's warning still shows (decision 094):
 * - secretlint's preset and web-tree-sitter import Node built-ins on paths the browser never
 *   takes (the GCP rule's file name, which the scan never passes; Emscripten's Node branch);
 * - Emscripten's direct eval in web-tree-sitter runs the grammars' own glue code;
 * - the outline and suggestion workers both bundle the tree-sitter grammars, so each grammar's
 *   source map is emitted twice with the same content.
 */
const KNOWN_WARNINGS: readonly { code?: string; text: RegExp }[] = [
  {
    // Vite's native resolve plugin reports it without a code of its own.
    text: /has been externalized for browser compatibility, imported by "[^"]*\/node_modules\/(@secretlint\/secretlint-rule-preset-recommend|web-tree-sitter)\//,
  },
  { code: 'EVAL', text: /node_modules\/web-tree-sitter\/web-tree-sitter\.js/ },
];

function isKnownWarning(log: Rolldown.RolldownLog): boolean {
  const text = `${log.message} ${log.id ?? ''}`;
  return KNOWN_WARNINGS.some(
    (known) => (known.code === undefined || log.code === known.code) && known.text.test(text),
  );
}

/** Vite's own logger, less the grammars' source maps that both tree-sitter workers emit. */
const logLevelArg = process.argv[process.argv.indexOf('--logLevel') + 1];
const logger = createLogger(
  logLevelArg === 'warn' || logLevelArg === 'error' || logLevelArg === 'silent'
    ? logLevelArg
    : 'info',
);
const warn = logger.warn.bind(logger);
logger.warn = (message, options) => {
  if (/The emitted file "assets\/tree-sitter-[\w-]+\.js\.map" overwrites/.test(message)) return;
  warn(message, options);
};

const rolldownOptions = {
  onLog(
    level: Rolldown.LogLevel,
    log: Rolldown.RolldownLog,
    handler: (level: Rolldown.LogLevel, log: Rolldown.RolldownLog) => void,
  ) {
    if (level === 'warn' && isKnownWarning(log)) return;
    handler(level, log);
  },
  // Which plugins took the build's time: a report for whoever tunes the build, not a warning.
  checks: { pluginTimings: false },
};

export default defineConfig({
  customLogger: logger,
  plugins: [react(), tailwindcss()],
  worker: { format: 'es', rolldownOptions },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, rolldownOptions },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: { '/api': apiTarget },
  },
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    setupFiles: ['src/test/setup.ts', '../../scripts/test/fail-on-console.ts'],
    // Component tests render whole pages in happy-dom; on 2 cores shared with the server and
    // e2e suites, 5 s (the default) is too tight.
    testTimeout: 20_000,
  },
});
