export * from './access-tokens';
export * from './auth';
export * from './blocks';
export * from './compositions';
export * from './errors';
export * from './settings';
export * from './shared-items';
export * from './text';
