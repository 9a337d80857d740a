import { setTimeout as delay } from 'node:timers/promises';
import { SHUTDOWN_DRAIN_MS, SHUTDOWN_NOT_READY_MS } from './limits';
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
  try {
    if (!config.databaseUrl) await ensureDataDir(config.dataDir);
    app = await buildApp(config);
    // Fastify's one line on listening is the address people open (a loopback one for 0.0.0.0).
    await app.listen({
      port: config.port,
      host: config.host,
      listenTextResolver: (at) => `Promptloom is running at ${at.replace('0.0.0.0', '127.0.0.1')}`,
    });
  } catch (error) {
    const line = describeStartupError(error, config);
    if (!line) throw error;
    // Close PGlite cleanly when it was opened, but never wait on a half-started app for long.
    await Promise.race([app?.close(), new Promise((resolve) => setTimeout(resolve, 2_000))]);
    fail(line);
  }
  const started = app;
  let closing = false;
  /**
   * SIGTERM (an orchestrator stopping the instance): readiness answers 503 for a moment while
   * requests are still served, so the load balancer stops sending new ones; then the listener
   * closes and in-flight requests get a bounded time to finish. SIGINT (Ctrl-C) skips the
   * not-ready window. Closing the app closes PGlite cleanly, so the data dir is never left
   * half-written.
   */
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    started.lifecycle.shuttingDown = true;
    const notReadyMs = signal === 'SIGTERM' ? SHUTDOWN_NOT_READY_MS : 0;
    started.log.info(
      notReadyMs > 0
        ? `${signal} received: not ready for ${notReadyMs} ms, then shutting down`
        : `${signal} received: shutting down`,
    );
    await delay(notReadyMs);
    const closed = started.close();
    const timer = setTimeout(() => {
      started.log.warn(`requests still running after ${SHUTDOWN_DRAIN_MS} ms: closing them`);
      started.server.closeAllConnections();
    }, SHUTDOWN_DRAIN_MS);
    timer.unref();
    try {
      await closed;
      process.exit(0);
    } catch (error) {
      started.log.error(error);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
