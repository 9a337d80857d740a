/**
 * The server's own limits: session lifetimes, random sizes, rate limits, paces, timeouts and
 * shutdown times (docs/configuration.md lists the ones a deployment may change). Limits the
 * web or core also read live in @promptloom/core/limits.
 */

export const LIBRARY_PAGE_SIZE = 12;
export const LIBRARY_RECOMMENDED_MAX = 12;
export const LIBRARY_TAGS_MAX = 30;
/** Private-link tokens carry 192 random bits. */
export const SHARE_TOKEN_BYTES = 24;

/** Auth lifetimes. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_ABSOLUTE_TTL_SECONDS = 30 * 24 * 60 * 60;
/**
 * How long after its rotation a refresh token whose answer was lost (the page reloaded while
 * the refresh was in flight) is still exchanged, if its successor was never used
 * (docs/decisions/087-refresh-answer-lost-in-a-reload.md).
 */
export const REFRESH_TOKEN_LOST_ANSWER_GRACE_SECONDS = 30;
export const OAUTH_FLOW_COOKIE_TTL_SECONDS = 10 * 60;
/** The built-in local provider's one-time code lives just long enough for the redirect. */
export const LOCAL_AUTH_CODE_TTL_SECONDS = 60;
/** Random bytes of OAuth state, PKCE verifier and nonce (RFC 9700: at least 128 bits). */
export const OAUTH_RANDOM_BYTES = 32;
/** Refresh tokens carry 256 bits of randomness. */
export const REFRESH_TOKEN_BYTES = 32;
/** Per client IP and per auth route. */
export const AUTH_RATE_LIMIT = { max: 30, windowMs: 60_000 } as const;
/**
 * Every page load refreshes the session, so many users behind one address (an office NAT)
 * need more room on /api/auth/refresh than on the sign-in routes.
 */
export const AUTH_REFRESH_RATE_LIMIT = { max: 300, windowMs: 60_000 } as const;

/**
 * The largest account export an import takes (decision 060): a library at its stored-text
 * quota, mostly ASCII, with room for the JSON around it. Every other request stays at 2 MB.
 */
export const ACCOUNT_IMPORT_BYTES_MAX = 64 * 1024 * 1024;

/**
 * Per-user write fairness (docs/decisions/035-per-user-write-fairness.md); a write
 * is any authenticated POST, PUT, PATCH or DELETE. On each instance a user's writes run one at
 * a time, each starting at least USER_WRITE_SPACING_MS after the previous one; the next wait
 * in order, up to USER_WRITES_WAITING_MAX, then 429. A user's quota-bound writes already take
 * turns on their user row, and people do not save five times a second, so a person does not
 * notice; a flood of writes can neither fill the database's queue ahead of everyone else's
 * requests nor take more than its pace of the server. Past USER_WRITE_RATE_LIMIT in a window
 * (shared across instances like the other rate limits) a user's writes get 429.
 */
export const USER_WRITES_IN_FLIGHT = 1;
export const USER_WRITE_SPACING_MS = 200;
export const USER_WRITES_WAITING_MAX = 32;
export const USER_WRITE_RATE_LIMIT = { max: 60, windowMs: 60_000 } as const;
/**
 * Reads per signed-in user (decision 038), shared across instances like the other limits: a
 * page load makes a dozen, so a person never meets it; a script re-reading a large library
 * in a loop does. Personal access tokens have their own, lower limit.
 */
export const USER_READ_RATE_LIMIT = { max: 600, windowMs: 60_000 } as const;

/**
 * Requests that carry no signed-in user (decision 093), per client address, shared across
 * instances like the other limits: sign-in, refresh, unknown paths, refused tokens. Reads of
 * public pages and files (GET/HEAD) are not counted. Above the refresh route's own limit, so
 * an office behind one address keeps that one's room.
 */
export const ANONYMOUS_RATE_LIMIT = { max: 600, windowMs: 60_000 } as const;
/** Arrays and objects nested in a request body at most (decision 093); exports nest 5 deep. */
export const JSON_DEPTH_MAX = 32;
/**
 * Bounded time for every request (decision 093): the whole request (headers and body) must
 * arrive within REQUEST_TIMEOUT_MS (a 64 MiB import at ~1.1 MB/s), its headers within
 * HEADERS_TIMEOUT_MS; an idle kept-alive connection closes after KEEP_ALIVE_TIMEOUT_MS.
 */
export const REQUEST_TIMEOUT_MS = 60_000;
export const HEADERS_TIMEOUT_MS = 15_000;
export const KEEP_ALIVE_TIMEOUT_MS = 10_000;
/** Open connections per client address when no proxy is in front (a browser opens 6). */
export const CONNECTIONS_PER_IP_MAX = 64;
/** Account imports per user (decision 093): each parses up to 64 MiB in a worker thread. */
export const ACCOUNT_IMPORT_RATE_LIMIT = { max: 6, windowMs: 60 * 60_000 } as const;
/** Import files parsed at once per instance; the next wait their turn. */
export const ACCOUNT_IMPORTS_IN_FLIGHT = 2;
export const ACCESS_TOKENS_PER_USER_MAX = 20;
/** 256 bits of randomness after the `plt_` prefix. */
export const PERSONAL_ACCESS_TOKEN_BYTES = 32;
/** Per token: a CLI run makes a handful of requests; a leaked token cannot be used to scrape. */
export const PERSONAL_ACCESS_TOKEN_RATE_LIMIT = { max: 120, windowMs: 60_000 } as const;

/**
 * Server degradation: a rate-limit counter Redis does not return in this time is
 * kept in the instance's memory instead, and a readiness probe gives up on a dependency.
 */
export const REDIS_FALLBACK_MS = 100;
export const READINESS_CHECK_TIMEOUT_MS = 1_000;
/**
 * Shutdown on SIGTERM/SIGINT: readiness answers 503 for SHUTDOWN_NOT_READY_MS while requests
 * are still served (a load balancer stops sending new ones), then the listener closes and
 * in-flight requests get SHUTDOWN_DRAIN_MS to finish before their connections are closed.
 */
export const SHUTDOWN_NOT_READY_MS = 2_000;
export const SHUTDOWN_DRAIN_MS = 10_000;
/** PostgreSQL pool: give up connecting, and cancel a statement, after these. */
export const DB_CONNECT_TIMEOUT_MS = 5_000;
export const DB_STATEMENT_TIMEOUT_MS = 30_000;
/** Creating DATA_DIR at start-up gives up after this (a /proc path made mkdir spin). */
export const DATA_DIR_TIMEOUT_MS = 5_000;
