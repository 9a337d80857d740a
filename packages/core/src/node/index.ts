export * from './file-provider';
export * from './pack';
export * from './token-pool';
