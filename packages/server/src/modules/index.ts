import type { FastifyInstance } from 'fastify';

/** Every API module, mounted under /api. Each module owns routes.ts + service.ts. */
export async function registerModules(app: FastifyInstance): Promise<void> {
  app.get('/health', { config: { public: true } }, () => ({ ok: true }));
  await Promise.resolve();
}
