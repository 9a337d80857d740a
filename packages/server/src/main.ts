import { buildApp, type App } from './app';
import { ConfigError, loadConfig, type AppConfig } from './config';
import { describeStartupError, ensureDataDir } from './startup-errors';

/** Operator mistakes end start-up with one line naming the cause and the fix, no stack. */
function fail(line: string): never {
  console.error(`Promptloom cannot start: ${line}`);
  process.exit(1);
}

function readConfig(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      fail(`${error.message}. Fix: ${error.fix ?? 'correct that variable.'}`);
    }
    const code = (error as NodeJS.ErrnoException).code;
    // loadConfig keeps a generated JWT secret in DATA_DIR.
    if (code) fail(`DATA_DIR cannot be used (${code}). Fix: set DATA_DIR to a writable folder.`);
    throw error;
  }
}

async function main() {
  const config = readConfig();
  let app: App | undefined;
  let address = '';
  try {
    if (!config.databaseUrl) await ensureDataDir(config.dataDir);
    app = await buildApp(config);
    address = await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    const line = describeStartupError(error, config);
    if (!line) throw error;
    // Close PGlite cleanly when it was opened, but never wait on a half-started app for long.
    await Promise.race([app?.close(), new Promise((resolve) => setTimeout(resolve, 2_000))]);
    fail(line);
  }
  const started = app;
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    started.log.info(`${signal} received, closing`);
    // Closing the app closes PGlite cleanly, so the data dir is never left half-written.
    started.close().then(
      () => process.exit(0),
      (error: unknown) => {
        started.log.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  started.log.info(`Promptloom is running at ${address.replace('0.0.0.0', '127.0.0.1')}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
