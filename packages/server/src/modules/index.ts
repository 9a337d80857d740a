import type { FastifyInstance } from 'fastify';
import { accessTokensRoutes } from './access-tokens/routes';
import { accountRoutes } from './account/routes';
import { authRoutes } from './auth/routes';
import { blocksRoutes } from './blocks/routes';
import { compositionsRoutes } from './compositions/routes';
import { healthRoutes } from './health/routes';
import { settingsRoutes } from './settings/routes';
import { sharedItemsRoutes } from './shared-items';

/** Every API module, mounted under /api. Each module owns routes.ts + service.ts. */
export async function registerModules(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes, { prefix: '/health' });
  await app.register(authRoutes, { prefix: '/auth' });
  await app.register(settingsRoutes, { prefix: '/settings' });
  await app.register(accessTokensRoutes, { prefix: '/access-tokens' });
  await app.register(accountRoutes, { prefix: '/account' });
  await app.register(blocksRoutes, { prefix: '/blocks' });
  await app.register(compositionsRoutes, { prefix: '/compositions' });
  // Mounted at /api itself: it owns /shared-items/* and POST /blocks/{id}/share.
  await app.register(sharedItemsRoutes);
}
