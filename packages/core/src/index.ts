export * from './contract';
export * from './limits';
