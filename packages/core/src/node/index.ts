export * from './file-provider';
export * from './pack';
export * from './piece-cache';
export * from './prompt-bytes';
export * from './token-pool';
export * from './outline-pool';
export * from './suggest-index';
export * from './git-recency';
