export * from './access-tokens';
export * from './blocks';
export * from './compositions';
export * from './server-secrets';
export * from './settings';
export * from './shared-items';
export * from './users';
