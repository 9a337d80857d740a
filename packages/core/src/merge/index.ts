export * from './three-way';
