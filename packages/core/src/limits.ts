/**
 * The limits core's rules, the API contract, or both the server and the web read: product
 * limits, contract caps, quotas, and the bounds core's own file and token code works within
 * (docs/product.md says why each is what it is). Values only the web reads live in
 * packages/web/src/config/limits.ts; values only the server reads (lifetimes, rate limits,
 * timeouts) in packages/server/src/limits.ts.
 */

export const BLOCK_NAME_MAX = 255;
export const BLOCK_CATEGORY_MAX = 255;
export const BLOCK_COLOR_MAX = 50;
export const BLOCK_CONTENT_MAX = 100_000;
export const BLOCK_DESCRIPTION_MAX = 2_000;

export const COMPOSITION_NAME_MAX = 255;
export const COMPOSITION_ITEMS_MIN = 1;
export const COMPOSITION_ITEMS_MAX = 100;

export const SHARE_DESCRIPTION_MAX = 2_000;
export const VERSION_NOTES_MAX = 2_000;
export const TAG_LENGTH_MAX = 50;
export const TAGS_PER_SHARE_MAX = 10;
export const SHARE_EXPIRATION_DAYS = [0, 7, 30, 90] as const;
export const LIBRARY_SEARCH_MAX = 200;

export const IGNORE_PATTERN_INPUT_MAX = 500;
export const GLOB_PATTERN_MAX = 65_536;
/** A sane bound on the number of stored ignore lines. */
export const IGNORE_PATTERN_LINES_MAX = 2_000;

/**
 * A safety cap on the number of selected files, not the limit: the token budget of the
 * project's model is (selection/budget.ts; decision 019). A selection that fits its budget
 * is not refused for its file count below this cap, which only bounds the work of one
 * selection (reading, counting, a history snapshot).
 */
export const MAX_SELECTED_FILES = 10_000;
/** The default model's token budget (models/presets). */
export const MAX_TOKENS = 200_000;
export const TOKEN_ENCODING = 'cl100k_base';
export const CHARS_PER_TOKEN = 4;
export const CHARS_PER_TOKEN_SYMBOL_HEAVY = 3.5;
export const FILE_READ_BATCH = 50;
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

export const DEFAULT_CATEGORY = {
  core: 'Blocs Fondamentaux',
  uncategorised: 'Sans catégorie',
  dynamicTask: 'Tâche Dynamique',
} as const;
/** The two colours beyond the defaults: core system blocks and the dynamic task. */
export const SYSTEM_BLOCK_COLOR = '#8B5CF6';
export const DYNAMIC_TASK_COLOR = '#EF4444';
export const DYNAMIC_TASK_DEFAULT_NAME = 'Dynamic User Task';

export const PROMPT_SECTION_SEPARATOR = '='.repeat(80);

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
 * Paged lists (decision 038): the user's blocks, compositions and shared items come in pages
 * of at most LIST_PAGE_MAX items (LIST_PAGE_DEFAULT unless asked), and a page stops before its
 * JSON passes LIST_PAGE_BYTES_MAX (one item always fits: a block's 100,000 characters are at
 * most ~600 KB of JSON), so no answer is more than a few MB however large the items are.
 */
export const LIST_PAGE_DEFAULT = 100;
export const LIST_PAGE_MAX = 500;
export const LIST_PAGE_BYTES_MAX = 2_000_000;
/**
 * Entries of an export's sections that are only counted, never stored (likes, shared items,
 * access tokens, opened links): more than any account holds, far less than 64 MiB allows.
 */
export const ACCOUNT_IMPORT_COUNTED_MAX = 10_000;

/** Personal access tokens (the CLI and MCP server): read-only, named, a few per user. */
export const ACCESS_TOKEN_NAME_MAX = 100;
/** Lifetimes a personal access token may be given at creation; null (never) is allowed too. */
export const ACCESS_TOKEN_EXPIRY_DAYS = [30, 90, 365] as const;
/** What a creation that names no lifetime gets (API clients written before expiry). */
export const ACCESS_TOKEN_DEFAULT_EXPIRY_DAYS = 90;

/** Files and tokens (core/files, core/tokens, core/tree): engineering bounds. */
/** Bytes sniffed for a NUL to call a file binary (git uses the same 8000). */
export const BINARY_SNIFF_BYTES = 8_000;
/** Directories listed at once while scanning a project. */
export const SCAN_CONCURRENCY = 16;
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
/**
 * Texts sent to a tokenizer worker per message: big enough to amortise the message, small
 * enough that every worker of a pool gets a share and counting starts while files are read.
 */
export const TOKENIZER_BATCH_CHARS = 256 * 1024;
export const TOKENIZER_BATCH_TEXTS = 256;
/**
 * A CHANGES_SINCE_LAST_PROMPT block gives up diffing one file after this long (a huge rewrite
 * is then listed by name): the block is counted again on every edit of the composition.
 */
export const CHANGES_DIFF_TIMEOUT_MS = 500;
/** Applies of a model's answer kept for undo, per project (web: IndexedDB; CLI: cache folder). */
export const APPLY_UNDO_KEPT = 10;

/**
 * Files ranked for a request when a selection or Fit to budget is made from the ranking (the
 * web's Fit, the CLI's `pack --suggest` and `pack --fit --request`): more than any budget of
 * today's models holds in full, so the tail is never the ranking's cutoff.
 */
export const SUGGEST_CANDIDATES = 60;
