import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';

const root = path.resolve(import.meta.dirname, '../..');
export const artifactsDir = path.join(root, 'e2e/.artifacts');
const startTimeoutMs = 90_000;
const stopTimeoutMs = 20_000;

/** A real server process (`packages/server/src/main.ts`) on a loopback port. */
export interface ServerProcess {
  url: string;
  process: ChildProcess;
  /** The last few KB the server printed, for error messages. */
  output(): string;
  /** SIGTERM, SIGKILL only if it hangs; resolves once it exited. */
  stop(): Promise<void>;
}

/**
 * The server's environment: only what the caller sets, nothing inherited that changes
 * behaviour (a developer's DATABASE_URL, REDIS_URL or JWT_SECRET stays out).
 */
function serverEnv(port: number, config: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    const configVariable =
      /^(AUTH_|DATABASE_URL|REDIS_URL|PUBLIC_URL|JWT_SECRET|WEB_DIST_DIR|TRUST_PROXY)/;
    if (!configVariable.test(key)) env[key] = value;
  }
  return {
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    ...config,
  };
}

async function waitForHealth(server: ServerProcess) {
  const deadline = Date.now() + startTimeoutMs;
  while (Date.now() < deadline) {
    const { exitCode, signalCode } = server.process;
    if (exitCode !== null || signalCode !== null) {
      throw new Error(`server exited (${exitCode ?? signalCode}):\n${server.output()}`);
    }
    try {
      const response = await fetch(`${server.url}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await delay(200);
  }
  throw new Error(`server not healthy after ${startTimeoutMs} ms:\n${server.output()}`);
}

/** Starts the server on `port` with `config` (environment variables) and waits until it answers. */
export async function startServer(
  port: number,
  config: Record<string, string>,
): Promise<ServerProcess> {
  const log = createWriteStream(path.join(artifactsDir, `server-${port}.log`));
  let recent = '';
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'packages/server/src/main.ts')],
    { cwd: root, env: serverEnv(port, config), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const capture = (chunk: Buffer) => {
    log.write(chunk);
    recent = (recent + chunk.toString()).slice(-8_000);
  };
  child.stdout.on('data', capture);
  child.stderr.on('data', capture);
  child.once('exit', () => log.end());
  const server: ServerProcess = {
    url: `http://127.0.0.1:${port}`,
    process: child,
    output: () => recent,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      // SIGTERM lets the server close its database cleanly; SIGKILL only if it hangs.
      const killer = setTimeout(() => child.kill('SIGKILL'), stopTimeoutMs);
      child.kill('SIGTERM');
      await exited;
      clearTimeout(killer);
    },
  };
  try {
    await waitForHealth(server);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}
