/** The counting room's public surface: other rooms import it only from here. */
export { FitToBudget } from './components/fit-to-budget';
export { ModelPicker } from './components/model-picker';
export { TokenProgressBar } from './components/token-progress-bar';
export { useBlockCost } from './hooks/use-block-cost';
export { usePromptSources } from './hooks/use-prompt-sources';
export { useStructureCosts } from './hooks/use-structure-costs';
export { useFileTokens, usePromptTokenCounting, useTokensSettled } from './hooks/use-token-count';
export { useSettledRequest } from './hooks/use-settled-request';
export { activeAnswerFormat } from './lib/answer-format';
export { modeCosts } from './lib/mode-costs';
export { provideRelevance } from './lib/relevance';
export { buildPromptInput } from './lib/prompt-input';
export { tokenizer } from './lib/tokenizer-client';
export { useTokenStore, useTotalTokens } from './stores/token-store';
