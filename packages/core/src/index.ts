export * from './contract';
export * from './limits';
export * from './prompt/dynamic-task';
