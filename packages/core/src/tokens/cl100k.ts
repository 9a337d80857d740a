import { TOKEN_LONG_RUN_CHARS, TOKEN_LONG_RUN_CHUNK_CHARS } from '../limits';
import { countCl100kGuarded } from './count-cl100k.js';
import type { TokenCounter } from './counter';

/**
 * cl100k_base count of a text (see count-cl100k.js: BOM stripped, very long runs counted
 * in chunks). Free of DOM and Node APIs: Web Workers and worker threads import it as is.
 */
export function countCl100k(text: string): number {
  return countCl100kGuarded(text, TOKEN_LONG_RUN_CHARS, TOKEN_LONG_RUN_CHUNK_CHARS);
}

export const cl100kCounter: TokenCounter = { count: countCl100k };
