/**
 * The models a prompt can be counted for: one list read by the picker, the CLI and the bench.
 * Context windows and answer reserves are the vendors' published figures; the budget shown
 * against the count is the window minus the reserve (the answer needs room too).
 */

/**
 * The open models' tokenizers: exact, from each model's published vocabulary, one static
 * asset fetched on first use (tokens/vocab-assets.js says where each file is).
 */
export const OPEN_TOKENIZER_IDS = ['llama3', 'qwen3', 'deepseek-v3', 'gemma3'] as const;

/** Tokenizer families. OpenAI encodings and open models count exactly; Claude is estimated. */
export const TOKENIZER_IDS = [
  'cl100k_base',
  'o200k_base',
  ...OPEN_TOKENIZER_IDS,
  'claude-estimate',
] as const;
export type TokenizerId = (typeof TOKENIZER_IDS)[number];
/** The default encoding, used until a model is picked. */
export const DEFAULT_TOKENIZER_ID: TokenizerId = 'cl100k_base';

export type ModelVendor =
  'OpenAI' | 'Anthropic' | 'Google' | 'Meta' | 'Alibaba' | 'DeepSeek' | 'Custom';

export interface ModelPreset {
  id: string;
  label: string;
  vendor: ModelVendor;
  contextWindow: number;
  /** Tokens kept free for the answer by default; the user can change it. */
  answerReserve: number;
  tokenizer: TokenizerId;
  /** false: the count is an estimate and is always shown with ≈. */
  exact: boolean;
}

/** The default counting: cl100k_base against 200,000 tokens. */
export const DEFAULT_MODEL_ID = 'default';
export const CUSTOM_MODEL_ID = 'custom';

export const MODEL_PRESETS: readonly ModelPreset[] = [
  {
    id: DEFAULT_MODEL_ID,
    label: 'Default (cl100k_base)',
    vendor: 'OpenAI',
    contextWindow: 200_000,
    answerReserve: 0,
    tokenizer: 'cl100k_base',
    exact: true,
  },
  {
    id: 'gpt-5',
    label: 'GPT-5',
    vendor: 'OpenAI',
    contextWindow: 400_000,
    answerReserve: 128_000,
    tokenizer: 'o200k_base',
    exact: true,
  },
  {
    id: 'gpt-4.1',
    label: 'GPT-4.1',
    vendor: 'OpenAI',
    contextWindow: 1_047_576,
    answerReserve: 32_768,
    tokenizer: 'o200k_base',
    exact: true,
  },
  {
    id: 'gpt-4o',
    label: 'GPT-4o',
    vendor: 'OpenAI',
    contextWindow: 128_000,
    answerReserve: 16_384,
    tokenizer: 'o200k_base',
    exact: true,
  },
  // The cl100k_base models, each with its own window: GPT-4 Turbo's 128k was shown for all
  // of them, four to sixteen times what GPT-4 and GPT-3.5 take.
  {
    id: 'gpt-4-turbo',
    label: 'GPT-4 Turbo',
    vendor: 'OpenAI',
    contextWindow: 128_000,
    answerReserve: 4_096,
    tokenizer: 'cl100k_base',
    exact: true,
  },
  {
    id: 'gpt-4',
    label: 'GPT-4',
    vendor: 'OpenAI',
    contextWindow: 8_192,
    answerReserve: 2_048,
    tokenizer: 'cl100k_base',
    exact: true,
  },
  {
    id: 'gpt-4-32k',
    label: 'GPT-4 32k',
    vendor: 'OpenAI',
    contextWindow: 32_768,
    answerReserve: 4_096,
    tokenizer: 'cl100k_base',
    exact: true,
  },
  {
    id: 'gpt-3.5-turbo',
    label: 'GPT-3.5 Turbo',
    vendor: 'OpenAI',
    contextWindow: 16_385,
    answerReserve: 4_096,
    tokenizer: 'cl100k_base',
    exact: true,
  },
  {
    id: 'claude-sonnet',
    label: 'Claude Sonnet',
    vendor: 'Anthropic',
    contextWindow: 200_000,
    answerReserve: 16_384,
    tokenizer: 'claude-estimate',
    exact: false,
  },
  {
    id: 'claude-opus',
    label: 'Claude Opus',
    vendor: 'Anthropic',
    contextWindow: 200_000,
    answerReserve: 16_384,
    tokenizer: 'claude-estimate',
    exact: false,
  },
  {
    id: 'claude-haiku',
    label: 'Claude Haiku',
    vendor: 'Anthropic',
    contextWindow: 200_000,
    answerReserve: 8_192,
    tokenizer: 'claude-estimate',
    exact: false,
  },
  {
    id: 'gemini-2.5-pro',
    label: 'Gemini 2.5 Pro',
    vendor: 'Google',
    contextWindow: 1_048_576,
    answerReserve: 32_768,
    tokenizer: 'gemma3',
    exact: false,
  },
  {
    id: 'gemini-2.5-flash',
    label: 'Gemini 2.5 Flash',
    vendor: 'Google',
    contextWindow: 1_048_576,
    answerReserve: 32_768,
    tokenizer: 'gemma3',
    exact: false,
  },
  {
    id: 'llama-3.1',
    label: 'Llama 3.1 / 3.3',
    vendor: 'Meta',
    contextWindow: 131_072,
    answerReserve: 4_096,
    tokenizer: 'llama3',
    exact: true,
  },
  {
    id: 'qwen3',
    label: 'Qwen 3',
    vendor: 'Alibaba',
    contextWindow: 131_072,
    answerReserve: 8_192,
    tokenizer: 'qwen3',
    exact: true,
  },
  {
    id: 'deepseek-v3',
    label: 'DeepSeek V3',
    vendor: 'DeepSeek',
    contextWindow: 131_072,
    answerReserve: 8_192,
    tokenizer: 'deepseek-v3',
    exact: true,
  },
  {
    id: CUSTOM_MODEL_ID,
    label: 'Custom',
    vendor: 'Custom',
    contextWindow: 200_000,
    answerReserve: 0,
    tokenizer: 'cl100k_base',
    exact: true,
  },
];

export function findModelPreset(id: string | undefined): ModelPreset {
  return MODEL_PRESETS.find((m) => m.id === id) ?? MODEL_PRESETS[0]!;
}

/** The token budget the count is shown against: what is left of the window after the reserve. */
export function tokenBudget(contextWindow: number, answerReserve: number): number {
  return Math.max(0, contextWindow - Math.max(0, answerReserve));
}
