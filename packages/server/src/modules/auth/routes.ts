import {
  accessTokenResponseSchema,
  apiErrorSchema,
  authProvidersResponseSchema,
  authUrlResponseSchema,
  finalizeLoginBodySchema,
  providerParamsSchema,
  refreshQuerySchema,
  refreshResponseSchema,
  signedOutSchema,
  userSchema,
} from '@promptloom/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError } from '../../http-error';
import { decodeFlow } from './flow';
import {
  REFRESH_COOKIE,
  assertSameOrigin,
  clearFlowCookie,
  clearRefreshCookie,
  readFlowCookie,
  setFlowCookie,
  setRefreshCookie,
} from './http';
import { localProviderRoutes } from './local-routes';
import { buildProviders, describeProviders } from './providers';
import { revokeAllFamilies, revokeByToken } from './refresh-tokens.service';
import { publicLimited, refreshLimited } from './route-limits';
import {
  currentUser,
  finalizeLogin,
  refreshSession,
  startLogin,
  type AuthContext,
} from './service';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  429: apiErrorSchema,
};

/** /api/auth: providers, login flows, the refresh cookie and the current user. */
export async function authRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const providers = buildProviders(app.config);
  const { publicUrl } = app.config;
  const context = (request: FastifyRequest): AuthContext => ({
    db: app.db,
    providers,
    jwtSecret: app.config.jwtSecret,
    now: app.now(),
    log: request.log,
  });

  app.get(
    '/providers',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Enabled sign-in providers',
        response: { 200: authProvidersResponseSchema },
      },
    },
    () => describeProviders(providers),
  );

  localProviderRoutes(app, providers, context);

  app.get(
    '/me',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        response: { 200: userSchema, 401: apiErrorSchema },
      },
    },
    (request) => currentUser(app.db, request.userId),
  );

  app.post(
    '/refresh',
    {
      config: refreshLimited,
      schema: {
        tags: ['auth'],
        summary: 'Rotates the refresh cookie, returns a new access token',
        description:
          'A session that cannot be renewed is a 401, or with `signedOut=answer` a 200 whose accessToken is null.',
        querystring: refreshQuerySchema,
        response: { 200: refreshResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      assertSameOrigin(request, publicUrl);
      const token = request.cookies[REFRESH_COOKIE];
      try {
        if (!token) throw new HttpError(401, 'REFRESH_INVALID');
        const session = await refreshSession(context(request), token);
        setRefreshCookie(reply, publicUrl, session.refresh, app.now());
        return { accessToken: session.accessToken };
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        clearRefreshCookie(reply, publicUrl);
        // Signed out is an answer the web app expects, not a failure it reports.
        if (error.statusCode === 401 && request.query.signedOut === 'answer') {
          return { accessToken: null };
        }
        throw error;
      }
    },
  );

  app.post(
    '/logout',
    {
      config: publicLimited,
      schema: {
        tags: ['auth'],
        summary: 'Revokes the refresh token family and clears the cookie',
        response: { 204: signedOutSchema, ...errors },
      },
    },
    async (request, reply) => {
      assertSameOrigin(request, publicUrl);
      const token = request.cookies[REFRESH_COOKIE];
      if (token) await revokeByToken(app.db, token, app.now());
      clearRefreshCookie(reply, publicUrl);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/logout-all',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Signs the user out everywhere: every sign-in ends, with its access tokens, on every instance; personal access tokens stay',
        response: { 204: signedOutSchema, ...errors },
      },
    },
    async (request, reply) => {
      assertSameOrigin(request, publicUrl);
      await revokeAllFamilies(app.db, request.userId, app.now());
      clearRefreshCookie(reply, publicUrl);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/:provider',
    {
      config: publicLimited,
      schema: {
        tags: ['auth'],
        summary: 'Starts a sign-in: where to send the browser, and the state to check on return',
        params: providerParamsSchema,
        response: { 200: authUrlResponseSchema, ...errors, 502: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { flow, authUrl } = await startLogin(context(request), request.params.provider);
      setFlowCookie(reply, publicUrl, flow);
      return { authUrl, state: flow.state };
    },
  );

  app.post(
    '/:provider/finalize-login',
    {
      config: publicLimited,
      schema: {
        tags: ['auth'],
        summary: "Redeems the provider's code; sets the refresh cookie",
        params: providerParamsSchema,
        body: finalizeLoginBodySchema,
        response: { 200: accessTokenResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      assertSameOrigin(request, publicUrl);
      const ctx = context(request);
      // Whatever happens next, this browser's flow is spent.
      const cookie = readFlowCookie(request);
      clearFlowCookie(reply, publicUrl);
      const flow = decodeFlow(cookie, request.params.provider, ctx.now);
      const session = await finalizeLogin(ctx, flow, request.body);
      setRefreshCookie(reply, publicUrl, session.refresh, ctx.now);
      return { accessToken: session.accessToken };
    },
  );
  await Promise.resolve();
}
