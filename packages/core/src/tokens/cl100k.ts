import { countCl100k } from './count-cl100k.js';
import type { TokenCounter } from './counter';

export { countCl100k };

/**
 * cl100k_base count of a text, equal to tiktoken's (count-cl100k.js). Free of DOM and Node
 * APIs: Web Workers and worker threads import it as is.
 */
export const cl100kCounter: TokenCounter = { count: countCl100k };
