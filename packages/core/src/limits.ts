/**
 * Every business constant, named, in one place (docs/product.md says why each is what it is).
 * Server validation, web forms and core rules all read from here.
 */

export const HISTORY_ENTRIES_PER_PROJECT = 20;
export const RECENT_PROJECTS_MAX = 5;

export const BLOCK_NAME_MAX = 255;
export const BLOCK_CATEGORY_MAX = 255;
export const BLOCK_COLOR_MAX = 50;
export const BLOCK_CONTENT_MAX = 100_000;
export const BLOCK_DESCRIPTION_MAX = 2_000;
export const FINAL_REQUEST_MAX = 100_000;

export const COMPOSITION_NAME_MAX = 255;
export const COMPOSITION_ITEMS_MIN = 1;
export const COMPOSITION_ITEMS_MAX = 100;

export const SHARE_DESCRIPTION_MAX = 2_000;
export const VERSION_NOTES_MAX = 2_000;
export const TAG_LENGTH_MAX = 50;
export const TAGS_PER_SHARE_MAX = 10;
export const SHARE_EXPIRATION_DAYS = [0, 7, 30, 90] as const;
export const LIBRARY_PAGE_SIZE = 12;
export const LIBRARY_RECOMMENDED_MAX = 12;
export const LIBRARY_TAGS_MAX = 30;
export const LIBRARY_SEARCH_MAX = 200;
/** Private-link tokens carry 192 random bits. */
export const SHARE_TOKEN_BYTES = 24;

export const IGNORE_PATTERN_INPUT_MAX = 500;
export const GLOB_PATTERN_MAX = 65_536;
/** Beyond the spec: a sane bound on the number of stored ignore lines. */
export const IGNORE_PATTERN_LINES_MAX = 2_000;

/**
 * A safety cap on the number of selected files, no longer the limit: the token
 * budget of the project's model is (selection/budget.ts). A selection that fits its budget
 * is not refused for its file count below this cap, which only bounds the work of one
 * selection (reading, counting, a history snapshot). The spec's "400" refused the 464 files
 * of a real source folder that a 1M window holds easily.
 */
export const MAX_SELECTED_FILES = 10_000;
/** The spec's unexplained "200000": the default model's token budget (models/presets). */
export const MAX_TOKENS = 200_000;
export const TOKEN_BAR_WARNING_RATIO = 0.75;
export const TOKEN_BAR_DANGER_RATIO = 0.9;
export const TOKEN_ENCODING = 'cl100k_base';
export const CHARS_PER_TOKEN = 4;
export const CHARS_PER_TOKEN_SYMBOL_HEAVY = 3.5;

export const REQUEST_DEBOUNCE_MS = 300;
/** From this many selected files, a running token count shows how many it has read. */
export const COUNT_PROGRESS_MIN_FILES = 200;
export const LIBRARY_SEARCH_DEBOUNCE_MS = 300;
export const FILE_READ_BATCH = 50;
/**
 * The browser reads uploaded files joined into one Blob of about this many bytes, once: each
 * read of a File costs an IPC round trip, which for thousands of small files costs far more
 * than their bytes (decision 050).
 */
export const FILE_READ_GROUP_BYTES = 256 * 1024;
/**
 * Files the browser's count asks for at once (the next batch is read while one is counted):
 * with joined reads a batch costs a few reads, not one per file.
 */
export const BROWSER_FILE_READ_BATCH = 400;
export const FILE_SIZE_LIMIT_BYTES = 1_048_576;

const MINUTE = 60_000;
export const CACHE = {
  fileStructureMs: 5 * MINUTE,
  fileContentsMs: 5 * MINUTE,
  baseTokenCountMs: 5 * MINUTE,
  sharedItemMs: 5 * MINUTE,
  tagsMs: 5 * MINUTE,
  templatesMs: 24 * 60 * MINUTE,
  defaultStaleMs: 5 * MINUTE,
  defaultRetries: 3,
  maxRetryDelayMs: 30_000,
} as const;

export const TOAST_MS = {
  shellSuccess: 4_000,
  shellError: 5_000,
  default: 4_000,
  success: 3_000,
  error: 5_000,
  /** A toast offering Undo (after Clear): long enough to read it and change one's mind. */
  undo: 10_000,
  max: 20,
} as const;

/** "Library defaults": toasts of the library pages. Loading stays until dismissed. */
export const LIBRARY_TOAST_MS = {
  blank: 4_000,
  error: 4_000,
  success: 2_000,
} as const;

export const COPIED_FEEDBACK_MS = 2_000;
export const EDIT_MODAL_CLOSE_DELAY_MS = 300;

export const CARD_CONTENT_LINES = 3;
export const LIBRARY_CARD_TAGS = 3;
export const COMPOSITION_CARD_BLOCKS = 4;

export const PANELS = {
  defaultSizes: [30, 70],
  horizontalMin: [20, 30],
  verticalMin: [25, 20],
} as const;

/**
 * The project workspace (docs/decisions/028): the files as the main pane, beside a column
 * that stacks the composition over the block library. Percent of the main area / of the
 * column. Standalone mode keeps the two-pane PANELS split.
 */
export const WORKSPACE_PANES = {
  main: { defaultSizes: [58, 42], minSizes: [30, 28] },
  side: { defaultSizes: [60, 40], minSizes: [25, 20] },
} as const;

/** Below this width (px) the workspace shows one pane at a time behind tabs. */
export const WORKSPACE_NARROW_MAX_PX = 767;

export const FILE_ROW_HEIGHT_PX = 32;
export const FILE_ROW_OVERSCAN = 10;
export const KEYBOARD_DRAG_STEP_PX = 25;

export const LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'en';
export const isLanguage = (value: string): value is Language =>
  (LANGUAGES as readonly string[]).includes(value);
/**
 * The web app also keeps the chosen language in this cookie, so the server-rendered pages
 * (the local sign-in page) speak the app's language, not only the browser's.
 */
export const LANGUAGE_COOKIE = 'pl_lang';
/** The language cookie lasts a year (the app's and the sign-in page's writes alike). */
export const LANGUAGE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
export const TRANSLATION_LOAD = { retries: 5, backoffMs: 350, parallelReads: 10 } as const;

export const DEFAULT_CATEGORY = {
  core: 'Blocs Fondamentaux',
  uncategorised: 'Sans catégorie',
  dynamicTask: 'Tâche Dynamique',
} as const;

export const DEFAULT_BLOCK_COLOR = '#3B82F6';
export const DISPLAY_FALLBACK_COLOR = '#6B7280';
/** The two colours the spec defines beyond the defaults: core system blocks and the dynamic task. */
export const SYSTEM_BLOCK_COLOR = '#8B5CF6';
export const DYNAMIC_TASK_COLOR = '#EF4444';
export const DYNAMIC_TASK_DEFAULT_NAME = 'Dynamic User Task';
/** The block modal's 10-colour palette; `systemOnly` colours are hidden for non-system blocks. */
export const BLOCK_COLOR_PALETTE = [
  { key: 'blue', hex: '#3B82F6', systemOnly: false },
  { key: 'red', hex: DYNAMIC_TASK_COLOR, systemOnly: true },
  { key: 'green', hex: '#22C55E', systemOnly: false },
  { key: 'amber', hex: '#F59E0B', systemOnly: false },
  { key: 'violet', hex: SYSTEM_BLOCK_COLOR, systemOnly: true },
  { key: 'pink', hex: '#EC4899', systemOnly: false },
  { key: 'cyan', hex: '#06B6D4', systemOnly: false },
  { key: 'lime', hex: '#84CC16', systemOnly: false },
  { key: 'orange', hex: '#F97316', systemOnly: false },
  { key: 'indigo', hex: '#6366F1', systemOnly: false },
] as const;
export type BlockColorKey = (typeof BLOCK_COLOR_PALETTE)[number]['key'];

export const PROMPT_SECTION_SEPARATOR = '='.repeat(80);

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
 * Per-user quotas (docs/decisions/026-per-user-quotas.md). Generous for real use and
 * a bound on what one account can store and what its unpaged lists return. Stored text counts
 * the characters (code points) of block names, descriptions, contents and categories,
 * composition names, and the user's shared items (description, tags and every published
 * version's name, content and notes).
 */
export const QUOTAS = {
  blocks: 2_000,
  compositions: 500,
  sharedItems: 500,
  storedChars: 25_000_000,
} as const;

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
 * Paged lists (decision 038): the user's blocks, compositions and shared items come in pages
 * of at most LIST_PAGE_MAX items (LIST_PAGE_DEFAULT unless asked), and a page stops before its
 * JSON passes LIST_PAGE_BYTES_MAX (one item always fits: a block's 100,000 characters are at
 * most ~600 KB of JSON), so no answer is more than a few MB however large the items are.
 */
export const LIST_PAGE_DEFAULT = 100;
export const LIST_PAGE_MAX = 500;
export const LIST_PAGE_BYTES_MAX = 2_000_000;
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
/**
 * Entries of an export's sections that are only counted, never stored (likes, shared items,
 * access tokens, opened links): more than any account holds, far less than 64 MiB allows.
 */
export const ACCOUNT_IMPORT_COUNTED_MAX = 10_000;

/** Personal access tokens (the CLI and MCP server): read-only, named, a few per user. */
export const ACCESS_TOKEN_NAME_MAX = 100;
export const ACCESS_TOKENS_PER_USER_MAX = 20;
/** Lifetimes a personal access token may be given at creation; null (never) is allowed too. */
export const ACCESS_TOKEN_EXPIRY_DAYS = [30, 90, 365] as const;
/** What a creation that names no lifetime gets (API clients written before expiry). */
export const ACCESS_TOKEN_DEFAULT_EXPIRY_DAYS = 90;
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

/** Files and tokens (core/files, core/tokens, core/tree): engineering bounds beyond the spec. */
/** Bytes sniffed for a NUL to call a file binary (git uses the same 8000). */
export const BINARY_SNIFF_BYTES = 8_000;
/** Directories listed at once while scanning a project. */
export const SCAN_CONCURRENCY = 16;
/**
 * Browser folder access: directories listed at once. Each listing is an IPC round trip to
 * the browser process with little main-thread work, so many in flight approach a bare
 * parallel walk (decision 031); 16 left the browser idle between answers.
 */
export const BROWSER_SCAN_CONCURRENCY = 256;
/** Browser folder access: getFile() calls in flight while fetching sizes and mtimes. */
export const BROWSER_METADATA_CONCURRENCY = 64;
/**
 * A folder's first listing waits at most this long for its change observer to run
 * (decision 036): what is read before it runs is not kept, so a slow start (a large local
 * folder) costs that refresh a full re-list rather than delaying the first rows.
 */
export const OBSERVER_START_WAIT_MS = 100;
/** Progress figures reach React at most this often while listing or checking changes. */
export const LISTING_PROGRESS_INTERVAL_MS = 150;
/**
 * After the first rows, the rows listed so far are shown again at most this often while a
 * listing runs: each showing renders the tree on the page's main thread, which the walk
 * shares two cores with (decision 081). The progress figures still move every
 * LISTING_PROGRESS_INTERVAL_MS.
 */
export const LISTING_ROWS_INTERVAL_MS = 1000;
/**
 * PROJECT_STRUCTURE in auto mode renders the whole tree only while it costs at most this
 * share of the model's budget; above it, the selected files with their folders (decision 031).
 */
export const STRUCTURE_BUDGET_SHARE = 0.05;
/** Entries kept in a token-count cache before the oldest are dropped. */
export const TOKEN_CACHE_MAX_ENTRIES = 200_000;
/**
 * Pieces (about one a file) kept per project in the CLI's on-disk count cache: a 200,000-file
 * repository stays whole, and the file stays a few MB (decision 049).
 */
export const PIECE_CACHE_MAX_ENTRIES = 200_000;
/**
 * While the Node packer lists, reads and assembles on its main thread, it lets the event loop
 * turn at least this often, so that its worker threads' replies are taken and new batches
 * sent as they finish (decision 061).
 */
export const EVENT_LOOP_TURN_MS = 4;
/** File counts the browser keeps in IndexedDB (decision 064); past it the cache starts over. */
export const TOKEN_COUNT_CACHE_MAX_FILES = 200_000;
/**
 * Texts sent to a tokenizer worker per message: big enough to amortise the message, small
 * enough that every worker of a pool gets a share and counting starts while files are read.
 */
export const TOKENIZER_BATCH_CHARS = 256 * 1024;
export const TOKENIZER_BATCH_TEXTS = 256;
/**
 * Slices of sample source text (about 20 KB each) a tokenizer worker counts once its
 * tokenizer has loaded, so the engine has optimised its code before the first large count
 * (decision 086).
 */
export const TOKENIZER_WARM_UP_SLICES = 24;
/** Tokenizer Web Workers at most (each holds its own copy of the cl100k tables and memo). */
export const BROWSER_TOKENIZER_WORKERS_MAX = 4;
/**
 * A CHANGES_SINCE_LAST_PROMPT block gives up diffing one file after this long (a huge rewrite
 * is then listed by name): the block is counted again on every edit of the composition.
 */
export const CHANGES_DIFF_TIMEOUT_MS = 500;
/** Applies of a model's answer kept for undo, per project (web: IndexedDB; CLI: cache folder). */
export const APPLY_UNDO_KEPT = 10;

/** The web's "Suggested files": rows shown (each ticked), and the pause in typing before ranking again. */
export const SUGGEST_ROWS = 10;
export const SUGGEST_RANK_DEBOUNCE_MS = 300;
/**
 * Files ranked for a request when a selection or Fit to budget is made from the ranking (the
 * web's Fit, the CLI's `pack --suggest` and `pack --fit --request`): more than any budget of
 * today's models holds in full, so the tail is never the ranking's cutoff.
 */
export const SUGGEST_CANDIDATES = 60;
