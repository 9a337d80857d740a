// The store classes @fastify/rate-limit ships untyped; the fallback store composes them.
declare module '@fastify/rate-limit/store/*.js' {
  type Result = { current: number; ttl: number };
  class Store {
    constructor(continueExceeding: boolean, exponentialBackoff: boolean, ...rest: unknown[]);
    incr(
      key: string,
      callback: (error: Error | null, result: Result | null) => void,
      timeWindow: number,
      max: number,
    ): void;
    child(routeOptions: unknown): Store;
  }
  export default Store;
}
