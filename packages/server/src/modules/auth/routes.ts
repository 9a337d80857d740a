import {
  accessTokenResponseSchema,
  apiErrorSchema,
  authProvidersResponseSchema,
  authUrlResponseSchema,
  finalizeLoginBodySchema,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_S,
  LANGUAGES,
  localSignInFormSchema,
  providerParamsSchema,
  signedOutSchema,
  text,
  userSchema,
} from '@promptloom/core';
import { AUTH_RATE_LIMIT, AUTH_REFRESH_RATE_LIMIT } from '../../limits';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
import {
  LOCAL_PAGE_SCRIPT_PATH,
  pageLanguage,
  renderLocalExpired,
  renderLocalForm,
} from './local-page';
import { PAGE_SCRIPT } from './local-page-assets';
import { buildProviders, describeProviders } from './providers';
import { revokeAllFamilies, revokeByToken } from './refresh-tokens.service';
import {
  currentUser,
  finalizeLogin,
  localCode,
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
/** Public (no Bearer) and rate limited per client IP. */
const publicLimited = {
  public: true,
  rateLimit: { max: AUTH_RATE_LIMIT.max, timeWindow: AUTH_RATE_LIMIT.windowMs },
};
/**
 * Refresh: a request without the cookie gets an immediate 401 without touching the
 * database, so only cookie-bearing attempts count against the address.
 */
const refreshLimited = {
  public: true,
  rateLimit: {
    max: AUTH_REFRESH_RATE_LIMIT.max,
    timeWindow: AUTH_REFRESH_RATE_LIMIT.windowMs,
    allowList: (request: FastifyRequest) => !request.cookies[REFRESH_COOKIE],
  },
};
const localQuerySchema = z.object({
  state: text().max(512).optional(),
  /** A language picked on the page itself (its language switch). */
  lang: z.enum(LANGUAGES).optional(),
});
/** Loose on purpose: the handler validates and re-renders the form with the errors. */
const localFormBodySchema = z.object({
  state: text().max(512),
  name: text().max(1024),
  email: text().max(1024),
});

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

  const requireLocal = () => {
    if (!providers.has('local')) throw new HttpError(404, 'AUTH_PROVIDER_UNKNOWN');
  };

  // The local sign-in form posts urlencoded; this parser lives in the auth scope only.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16_384 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

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

  app.get(
    '/local/authorize',
    {
      config: publicLimited,
      schema: {
        tags: ['auth'],
        summary: 'Built-in provider: the sign-in page (HTML)',
        querystring: localQuerySchema,
      },
    },
    (request, reply) => {
      requireLocal();
      const chosen = request.query.lang;
      const lang =
        chosen ??
        pageLanguage(request.headers['accept-language'], request.cookies[LANGUAGE_COOKIE]);
      // The app's own language cookie (not HttpOnly: the app rewrites it when its language changes).
      if (chosen) {
        reply.setCookie(LANGUAGE_COOKIE, chosen, {
          path: '/',
          sameSite: 'lax',
          maxAge: LANGUAGE_COOKIE_MAX_AGE_S,
        });
      }
      // A same-origin form post must carry its real Origin header.
      reply.type('text/html; charset=utf-8').header('referrer-policy', 'same-origin');
      const options = { chosen: chosen !== undefined };
      try {
        const flow = decodeFlow(readFlowCookie(request), 'local', app.now());
        if (request.query.state !== flow.state) throw new Error('state of another flow');
        return reply.send(renderLocalForm(lang, { state: flow.state }, options));
      } catch {
        return reply.status(400).send(renderLocalExpired(lang, options));
      }
    },
  );

  app.get(
    LOCAL_PAGE_SCRIPT_PATH.replace('/api/auth', ''),
    {
      config: { public: true },
      schema: { tags: ['auth'], summary: "Built-in provider: the sign-in page's script" },
    },
    (_request, reply) => {
      requireLocal();
      return reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(PAGE_SCRIPT);
    },
  );

  app.post(
    '/local/authorize',
    {
      config: publicLimited,
      schema: {
        tags: ['auth'],
        summary: 'Built-in provider: form submission, answers 302 to /auth/finalize',
        consumes: ['application/x-www-form-urlencoded'],
        body: localFormBodySchema,
      },
    },
    async (request, reply) => {
      requireLocal();
      assertSameOrigin(request, publicUrl, { allowOpaque: true });
      const lang = pageLanguage(
        request.headers['accept-language'],
        request.cookies[LANGUAGE_COOKIE],
      );
      reply.type('text/html; charset=utf-8').header('referrer-policy', 'same-origin');
      let flow;
      try {
        flow = decodeFlow(readFlowCookie(request), 'local', app.now());
        if (request.body.state !== flow.state) throw new Error('state of another flow');
      } catch {
        return reply.status(400).send(renderLocalExpired(lang));
      }
      const form = localSignInFormSchema.safeParse(request.body);
      if (!form.success) {
        const fields = new Set(form.error.issues.map((issue) => issue.path[0]));
        const nameGiven = request.body.name.trim() !== '';
        return reply.status(400).send(
          renderLocalForm(lang, {
            ...request.body,
            errors: {
              name: fields.has('name') && (nameGiven ? 'refused' : true),
              email: fields.has('email'),
            },
          }),
        );
      }
      const code = await localCode(context(request), flow, form.data);
      const query = new URLSearchParams({ code, state: flow.state });
      return reply.redirect(`/auth/finalize?${query.toString()}`, 302);
    },
  );

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
        response: { 200: accessTokenResponseSchema, ...errors },
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
        if (error instanceof HttpError) clearRefreshCookie(reply, publicUrl);
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
