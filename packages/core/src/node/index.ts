export * from './file-provider';
export * from './pack';
export * from './token-pool';
export * from './outline-pool';
