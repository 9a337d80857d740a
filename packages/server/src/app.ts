import { existsSync } from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { ERROR_MESSAGES } from '@promptloom/core';
import type { Redis } from 'ioredis';
import type { AppConfig } from './config';
import { openDatabase, type Database, type Db } from './db/client';
import { runMigrations } from './db/migrate';
import { seedDatabase } from './db/seed';
import { sharedSecret } from './db/shared-secret';
import { registerModules } from './modules';
import { registerAuthGuard, registerPublic } from './plugins/authenticate';
import { capConnectionsPerAddress, serverTimeouts } from './plugins/connection-limits';
import { registerErrorHandler, sendError } from './plugins/error-handler';
import { registerJsonBody } from './plugins/json-body';
import { defaultLogFormat, prettyLogStream, RequestLogController } from './plugins/log-format';
import { logRedaction } from './plugins/log-redaction';
import { openRedis, registerRateLimit } from './plugins/rate-limit';
import { registerWriteFairness } from './plugins/write-fairness';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Db;
    /** The shared Redis when REDIS_URL is set (readiness pings it). */
    redis: Redis | null;
    /** Set once shutdown has begun: readiness answers 503 while requests are still served. */
    lifecycle: { shuttingDown: boolean };
    /** The clock every rule reads; tests replace it to move time. */
    now: () => Date;
  }
}

export interface AppDeps {
  /** An open, migrated database; when absent one is opened from config and closed with the app. */
  database?: Database;
  now?: () => Date;
  logger?: boolean;
  /** Where the log goes instead of stdout (tests read what was logged). */
  logStream?: NodeJS.WritableStream;
}

/** Builds the whole application without listening. */
export async function buildApp(givenConfig: AppConfig, deps: AppDeps = {}) {
  let config = givenConfig;
  const app = Fastify({
    logger:
      deps.logger === false
        ? false
        : { level: config.logLevel, stream: logStream(config, deps), ...logRedaction },
    // One line per request, at a level by its status.
    logController: new RequestLogController(),
    // Believing X-Forwarded-For from anyone would let clients dodge per-address rate limits.
    trustProxy: (_address: string, hop: number) => hop < config.trustProxyHops,
    bodyLimit: 2 * 1024 * 1024,
    ...serverTimeouts(config),
  }).withTypeProvider<ZodTypeProvider>();
  capConnectionsPerAddress(app.server, config.http.connectionsPerIp);
  registerJsonBody(app);
  if (config.localSignInWarning) app.log.warn(config.localSignInWarning);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  let database = deps.database;
  if (!database) {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    const owned = database;
    app.addHook('onClose', () => owned.close());
    await runMigrations(database);
  }
  if (!config.jwtSecret) {
    config = { ...config, jwtSecret: await sharedSecret(database.db, 'jwt') };
  }
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('now', deps.now ?? (() => new Date()));
  app.decorate('lifecycle', { shuttingDown: false });
  // Idempotent: the system author and its curated starter blocks (shared-items module).
  await seedDatabase(database.db, app.now());

  registerErrorHandler(app);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        // Avatars come from the OAuth providers' image hosts.
        'img-src': ["'self'", 'data:', 'https:'],
        // The outline worker compiles tree-sitter's WebAssembly (decision 020); this allows
        // compiling wasm only, not eval of strings.
        'script-src': ["'self'", "'wasm-unsafe-eval'"],
        'worker-src': ["'self'", 'blob:'],
        'upgrade-insecure-requests': null,
      },
    },
  });
  await app.register(cookie, { secret: config.jwtSecret });
  const redis = config.redisUrl ? openRedis(config.redisUrl, app.log) : undefined;
  // The rate-limit plugin never closes the client it is given; an open socket keeps Node alive.
  if (redis) app.addHook('onClose', () => void redis.client.disconnect());
  app.decorate('redis', redis?.client ?? null);
  await registerRateLimit(app, redis);
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Promptloom API',
        version: '0.1.0',
        // Every error code a client may meet, so one can be looked up (decision 054).
        description: `Every answer that is not 2xx is \`{error, code}\`: \`error\` in the request's language (\`Accept-Language\`), \`code\` one of: ${Object.keys(ERROR_MESSAGES).join(', ')}.`,
      },
    },
    transform: jsonSchemaTransform,
  });
  registerAuthGuard(app);
  await registerPublic(app, swaggerUi, { routePrefix: '/api/docs' });
  // After the guard (it needs the user), before any module: one user's writes take turns.
  registerWriteFairness(app);
  await app.register(registerModules, { prefix: '/api' });
  await registerWebApp(app, config.webDistDir);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

/** Where the log goes: the given stream, else stdout as JSON or, on a terminal, readable lines. */
function logStream(config: AppConfig, deps: AppDeps) {
  if (deps.logStream) return deps.logStream;
  const out = process.stdout;
  if (defaultLogFormat(config.logFormat, out) === 'json') return undefined;
  return prettyLogStream(out, out.isTTY === true && !config.noColor);
}

/** Serves the built SPA and its locales, with the client routes falling back to index.html. */
async function registerWebApp(app: FastifyInstance, distDir: string | null) {
  const hasBuild = distDir !== null && existsSync(path.join(distDir, 'index.html'));
  if (hasBuild) {
    await registerPublic(app, fastifyStatic, { root: distDir, wildcard: false });
  }
  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' && !request.url.startsWith('/api');
    if (hasBuild && wantsPage && !path.extname(request.url.split('?')[0] ?? '')) {
      return reply.type('text/html').sendFile('index.html');
    }
    return sendError(request, reply, 404, 'NOT_FOUND');
  });
}
