/**
 * The web app's own limits, timings and sizes: history and recent projects, toasts, layout,
 * rows, and how the browser lists, reads and counts files. Limits the server or core also
 * read live in @promptloom/core/limits.
 */
import { DYNAMIC_TASK_COLOR, SYSTEM_BLOCK_COLOR } from '@promptloom/core/limits';

export const HISTORY_ENTRIES_PER_PROJECT = 20;
export const RECENT_PROJECTS_MAX = 5;
export const FINAL_REQUEST_MAX = 100_000;
export const TOKEN_BAR_WARNING_RATIO = 0.75;
export const TOKEN_BAR_DANGER_RATIO = 0.9;

export const REQUEST_DEBOUNCE_MS = 300;
/** From this many selected files, a running token count shows how many it has read. */
export const COUNT_PROGRESS_MIN_FILES = 200;
export const LIBRARY_SEARCH_DEBOUNCE_MS = 300;
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
export const TRANSLATION_LOAD = { retries: 5, backoffMs: 350, parallelReads: 10 } as const;

export const DEFAULT_BLOCK_COLOR = '#3B82F6';
export const DISPLAY_FALLBACK_COLOR = '#6B7280';
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
/** File counts the browser keeps in IndexedDB (decision 064); past it the cache starts over. */
export const TOKEN_COUNT_CACHE_MAX_FILES = 200_000;
/**
 * Slices of sample source text (about 20 KB each) a tokenizer worker counts once its
 * tokenizer has loaded, so the engine has optimised its code before the first large count
 * (decision 086).
 */
export const TOKENIZER_WARM_UP_SLICES = 24;
/** Tokenizer Web Workers at most (each holds its own copy of the cl100k tables and memo). */
export const BROWSER_TOKENIZER_WORKERS_MAX = 4;

/** The web's "Suggested files": rows shown (each ticked), and the pause in typing before ranking again. */
export const SUGGEST_ROWS = 10;
export const SUGGEST_RANK_DEBOUNCE_MS = 300;
