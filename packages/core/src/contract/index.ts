export * from './auth';
export * from './blocks';
export * from './errors';
