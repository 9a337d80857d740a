import {
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_S,
  LANGUAGES,
  localSignInFormSchema,
  text,
  type AuthProviderId,
} from '@promptloom/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../http-error';
import { decodeFlow } from './flow';
import { assertSameOrigin, readFlowCookie } from './http';
import {
  LOCAL_PAGE_SCRIPT_PATH,
  pageLanguage,
  renderLocalExpired,
  renderLocalForm,
} from './local-page';
import { PAGE_SCRIPT } from './local-page-assets';
import type { LoginProvider } from './providers';
import { publicLimited } from './route-limits';
import { localCode, type AuthContext } from './service';

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

/**
 * The built-in provider's pages: the sign-in form, its script, and the form's post, which
 * answers with a redirect to the app's finalize page. 404 when the provider is off.
 */
export function localProviderRoutes(
  fastify: FastifyInstance,
  providers: ReadonlyMap<AuthProviderId, LoginProvider>,
  context: (request: FastifyRequest) => AuthContext,
): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { publicUrl } = app.config;
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
}
