export * from './file-provider';
export * from './pack';
export * from './piece-cache';
export * from './token-pool';
export * from './outline-pool';
