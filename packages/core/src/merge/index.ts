export * from './common-ends';
export * from './three-way';
