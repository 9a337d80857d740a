import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIPv4 } from 'node:net';
import path from 'node:path';
import {
  CONNECTIONS_PER_IP_MAX,
  HEADERS_TIMEOUT_MS,
  KEEP_ALIVE_TIMEOUT_MS,
  REQUEST_TIMEOUT_MS,
  USER_READ_RATE_LIMIT,
  USER_WRITE_RATE_LIMIT,
  USER_WRITE_SPACING_MS,
} from './limits';
import { z } from 'zod';
import { SERVER_PACKAGE_DIR } from './package-dir';

const boolish = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url().optional(),
  REDIS_URL: z.url().optional(),
  PUBLIC_URL: z.url().optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  AUTH_LOCAL: boolish.optional(),
  AUTH_GITHUB_CLIENT_ID: z.string().min(1).optional(),
  AUTH_GITHUB_CLIENT_SECRET: z.string().min(1).optional(),
  AUTH_GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  AUTH_GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  AUTH_GITLAB_CLIENT_ID: z.string().min(1).optional(),
  AUTH_GITLAB_CLIENT_SECRET: z.string().min(1).optional(),
  AUTH_OIDC_ISSUER: z.url().optional(),
  AUTH_OIDC_CLIENT_ID: z.string().min(1).optional(),
  AUTH_OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  AUTH_OIDC_NAME: z.string().min(1).optional(),
  /** Proxy hops to trust for the client address (rate limits); unset trusts none. */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).optional(),
  /** Seconds a whole request (headers and body) may take to arrive (decision 093). */
  REQUEST_TIMEOUT: z.coerce
    .number()
    .int()
    .min(1)
    .max(REQUEST_TIMEOUT_MS / 1000)
    .optional(),
  /** Open connections per client address; 0 turns the cap off. Default: on without a proxy. */
  CONNECTIONS_PER_IP: z.coerce.number().int().min(0).max(100_000).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Unset: readable lines on a terminal, JSON otherwise. */
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  /** https://no-color.org: any non-empty value turns the readable log's colours off. */
  NO_COLOR: z.string().optional(),
  WEB_DIST_DIR: z.string().min(1).optional(),
});

interface OAuthClient {
  clientId: string;
  clientSecret: string;
}

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  /** Origin used in OAuth redirect URIs and share links. */
  publicUrl: string;
  /** Empty until buildApp reads the database's shared one (DATABASE_URL without JWT_SECRET). */
  jwtSecret: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** Unset: readable lines when stdout is a terminal, JSON otherwise. */
  logFormat?: 'json' | 'pretty';
  /** NO_COLOR was set: the readable log stays uncoloured on a terminal too. */
  noColor?: boolean;
  /** Number of reverse-proxy hops whose X-Forwarded-For is believed (0: none). */
  trustProxyHops: number;
  /** Folder of the built SPA; null serves the API only. */
  webDistDir: string | null;
  /** Per-user write fairness (decision 035): writes per window, least time between starts. */
  userWrites: { max: number; windowMs: number; spacingMs: number };
  /** Reads per signed-in user and window (decision 038). */
  userReads: { max: number; windowMs: number };
  /** Time bounds of every request and the per-address connection cap (decision 093). */
  http: {
    requestTimeoutMs: number;
    headersTimeoutMs: number;
    keepAliveTimeoutMs: number;
    /** 0: no cap (behind a proxy, whose connections all share one address). */
    connectionsPerIp: number;
  };
  /** Logged once at start: local sign-in was turned on explicitly where others can reach it. */
  localSignInWarning: string | null;
  auth: {
    local: boolean;
    github?: OAuthClient;
    google?: OAuthClient;
    gitlab?: OAuthClient;
    oidc?: OAuthClient & { issuer: string; name: string };
  };
}

/** A configuration the server refuses; `fix` says what to set (else: correct that variable). */
export class ConfigError extends Error {
  constructor(
    message: string,
    readonly fix?: string,
  ) {
    super(message);
  }
}

/** Whether HOST only accepts connections from this machine. */
export function isLoopbackHost(host: string): boolean {
  const address = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (address === 'localhost' || address === '::1') return true;
  const v4 = address.replace(/^::ffff:/, '');
  return isIPv4(v4) && v4.startsWith('127.');
}

/**
 * Local sign-in asks for a name and an email, no password: whoever reaches the port can sign
 * in as any account. On by default it is only safe on a loopback address with the embedded
 * database (one person's machine). Elsewhere the server refuses to start unless
 * AUTH_LOCAL=true was given on purpose, and then says so once in the log.
 */
function localSignInExposure(
  host: string,
  databaseUrl: string | undefined,
  local: boolean,
  explicit: boolean,
): { refuse: string | null; warning: string | null } {
  if (!local) return { refuse: null, warning: null };
  const where = !isLoopbackHost(host)
    ? `HOST ${host} accepts connections from other machines`
    : databaseUrl
      ? 'DATABASE_URL points at a shared database'
      : null;
  if (!where) return { refuse: null, warning: null };
  if (explicit) {
    return {
      refuse: null,
      warning: `AUTH_LOCAL=true and ${where}: anyone who reaches this server can sign in as any account by typing its email`,
    };
  }
  return {
    refuse: `Local sign-in (name and email, no password) is on because no sign-in provider is configured, and ${where}`,
    warning: null,
  };
}

function pair(id: string | undefined, secret: string | undefined, name: string) {
  if (!id && !secret) return undefined;
  if (!id || !secret) {
    throw new ConfigError(
      `AUTH_${name}_CLIENT_ID and AUTH_${name}_CLIENT_SECRET must be set together`,
    );
  }
  return { clientId: id, clientSecret: secret };
}

/** JWT_SECRET when given; otherwise one generated on first start and kept in DATA_DIR. */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

const defaultWebDist = path.resolve(SERVER_PACKAGE_DIR, '../web/dist');

/** Parses the environment once. A bad value throws a ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = issue?.path.join('.') ?? 'environment';
    throw new ConfigError(`Invalid ${variable}: ${issue?.message ?? 'bad value'}`);
  }
  const e = parsed.data;
  const github = pair(e.AUTH_GITHUB_CLIENT_ID, e.AUTH_GITHUB_CLIENT_SECRET, 'GITHUB');
  const google = pair(e.AUTH_GOOGLE_CLIENT_ID, e.AUTH_GOOGLE_CLIENT_SECRET, 'GOOGLE');
  const gitlab = pair(e.AUTH_GITLAB_CLIENT_ID, e.AUTH_GITLAB_CLIENT_SECRET, 'GITLAB');
  let oidc: AppConfig['auth']['oidc'];
  if (e.AUTH_OIDC_ISSUER || e.AUTH_OIDC_CLIENT_ID) {
    const client = pair(e.AUTH_OIDC_CLIENT_ID, e.AUTH_OIDC_CLIENT_SECRET, 'OIDC');
    if (!e.AUTH_OIDC_ISSUER || !client) {
      throw new ConfigError('Invalid AUTH_OIDC_ISSUER: required with AUTH_OIDC_CLIENT_ID');
    }
    oidc = { ...client, issuer: e.AUTH_OIDC_ISSUER, name: e.AUTH_OIDC_NAME ?? 'OpenID Connect' };
  }
  const external = Boolean(github || google || gitlab || oidc);
  const dataDir = path.resolve(e.DATA_DIR);
  const host = e.HOST;
  const local = e.AUTH_LOCAL ?? !external;
  const exposure = localSignInExposure(host, e.DATABASE_URL, local, e.AUTH_LOCAL !== undefined);
  if (exposure.refuse) {
    throw new ConfigError(
      exposure.refuse,
      'configure a sign-in provider (AUTH_GITHUB_CLIENT_ID/SECRET, AUTH_GOOGLE_…, AUTH_GITLAB_… or AUTH_OIDC_…), set HOST=127.0.0.1, or set AUTH_LOCAL=true to accept it.',
    );
  }
  return {
    port: e.PORT,
    host,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://${host}:${e.PORT}`).replace(/\/$/, ''),
    // With DATABASE_URL every instance must sign alike: '' means "the one kept in the database",
    // read by buildApp (decision 039); a file in one instance's DATA_DIR would differ per instance.
    jwtSecret: e.JWT_SECRET ?? (e.DATABASE_URL ? '' : loadOrCreateSecret(dataDir)),
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    noColor: Boolean(e.NO_COLOR),
    trustProxyHops: e.TRUST_PROXY ?? 0,
    webDistDir: e.WEB_DIST_DIR === 'none' ? null : path.resolve(e.WEB_DIST_DIR ?? defaultWebDist),
    userWrites: { ...USER_WRITE_RATE_LIMIT, spacingMs: USER_WRITE_SPACING_MS },
    userReads: { ...USER_READ_RATE_LIMIT },
    http: {
      requestTimeoutMs: (e.REQUEST_TIMEOUT ?? REQUEST_TIMEOUT_MS / 1000) * 1000,
      headersTimeoutMs: HEADERS_TIMEOUT_MS,
      keepAliveTimeoutMs: KEEP_ALIVE_TIMEOUT_MS,
      connectionsPerIp:
        e.CONNECTIONS_PER_IP ?? ((e.TRUST_PROXY ?? 0) === 0 ? CONNECTIONS_PER_IP_MAX : 0),
    },
    localSignInWarning: exposure.warning,
    auth: { local, github, google, gitlab, oidc },
  };
}
