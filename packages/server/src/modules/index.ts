import type { FastifyInstance } from 'fastify';
import { accessTokensRoutes } from './access-tokens/routes';
import { authRoutes } from './auth/routes';
import { blocksRoutes } from './blocks/routes';
import { compositionsRoutes } from './compositions/routes';
import { settingsRoutes } from './settings/routes';
import { sharedItemsRoutes } from './shared-items';

/** Every API module, mounted under /api. Each module owns routes.ts + service.ts. */
export async function registerModules(app: FastifyInstance): Promise<void> {
  app.get('/health', { config: { public: true } }, () => ({ ok: true }));
  await app.register(authRoutes, { prefix: '/auth' });
  await app.register(settingsRoutes, { prefix: '/settings' });
  await app.register(accessTokensRoutes, { prefix: '/access-tokens' });
  await app.register(blocksRoutes, { prefix: '/blocks' });
  await app.register(compositionsRoutes, { prefix: '/compositions' });
  // Mounted at /api itself: it owns /shared-items/* and POST /blocks/{id}/share.
  await app.register(sharedItemsRoutes);
}
