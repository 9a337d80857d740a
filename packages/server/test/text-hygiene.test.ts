import { createId } from '@paralleldrive/cuid2';
import { ERROR_MESSAGES } from '@promptloom/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers';

/**
 * Text hygiene on every route, with the cases generated from the OpenAPI document (the route
 * list the server itself registers): a NUL byte and a lone surrogate in each string of each
 * path parameter, query parameter and body field must answer 400 naming that field, and a
 * path parameter that is not one of our ids must answer 404 — never 500.
 */

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  format?: string;
  minItems?: number;
}
interface Parameter {
  in: 'path' | 'query';
  name: string;
  schema: JsonSchema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}
interface Route {
  method: string;
  path: string;
  operation: Operation;
}

const NUL = 'a\u0000b';
const LONE_SURROGATE = 'a\uD800b';
const ID_PARAMS = new Set(['id', 'sharedItemId', 'subscriptionId']);

const isString = (schema: JsonSchema | undefined): boolean =>
  schema?.type === 'string' || Boolean(schema?.anyOf?.some((s) => isString(s)));
const objectOf = (schema: JsonSchema | undefined): JsonSchema | undefined =>
  schema?.properties ? schema : schema?.anyOf?.find((s) => s.properties);

/** A minimal value the schema accepts on its own (the bad field is the only problem). */
function sample(schema: JsonSchema): unknown {
  if (schema.enum) return schema.enum[0];
  if (schema.format === 'cuid2') return createId();
  if (schema.anyOf) return sample(schema.anyOf[0]!);
  if (schema.type === 'array') return Array.from({ length: schema.minItems ?? 0 }, () => 'x');
  if (schema.type === 'object') return {};
  if (schema.type === 'boolean') return true;
  if (schema.type === 'number' || schema.type === 'integer') return 0;
  return 'x';
}

function baseBody(schema: JsonSchema): Record<string, unknown> {
  const object = objectOf(schema);
  const body: Record<string, unknown> = {};
  for (const key of object?.required ?? []) body[key] = sample(object!.properties![key]!);
  return body;
}

/** Every string field of a body: its name, and how to put a bad value in it. */
interface BodyField {
  field: string;
  put: (bad: string) => unknown;
}
function bodyStringFields(schema: JsonSchema): BodyField[] {
  const object = objectOf(schema);
  return Object.entries(object?.properties ?? {}).flatMap(([name, prop]): BodyField[] => {
    // An enum is not free text: a bad value there is refused as an unknown value.
    if (prop.enum) return [];
    if (isString(prop)) return [{ field: name, put: (bad: string) => bad }];
    if (prop.type === 'array' && isString(prop.items)) {
      return [{ field: `${name}.0`, put: (bad: string) => [bad] }];
    }
    return [];
  });
}

function routesOf(t: TestApp): Route[] {
  const doc = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      operation,
    })),
  );
}

/** Fills the `{name}` placeholders: `bad` for one of them, a well-formed id for the others. */
function urlFor(route: Route, badParam?: { name: string; raw: string }): string {
  return route.path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    if (badParam?.name === name) return badParam.raw;
    const param = route.operation.parameters?.find((p) => p.name === name);
    return param?.schema.enum ? String(param.schema.enum[0]) : createId();
  });
}

let t: TestApp;
let routes: Route[];
let headers: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp();
  routes = routesOf(t);
  headers = (await t.createUser()).headers;
});
afterAll(() => t.close());

async function send(route: Route, url: string, body?: { type: string; value: unknown }) {
  const payload =
    body?.type === 'application/x-www-form-urlencoded'
      ? new URLSearchParams(body.value as Record<string, string>).toString()
      : body?.value;
  return t.app.inject({
    method: route.method as 'GET',
    url,
    headers: {
      ...headers,
      // Same-origin, so the auth routes reach validation rather than the origin check.
      origin: t.config.publicUrl,
      ...(body ? { 'content-type': body.type } : {}),
    },
    payload: payload as string,
  });
}

function expectTextRefusal(
  response: Awaited<ReturnType<typeof send>>,
  field: string,
  code: 'TEXT_NUL_CHARACTER' | 'TEXT_LONE_SURROGATE',
) {
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json<{ error: string; code: string; field: string }>();
  expect(body.code).toBe(code);
  expect(body.field).toBe(field);
  expect(body.error).toBe(`${field}: ${ERROR_MESSAGES[code].en}`);
}

describe('text hygiene on every route', () => {
  it('finds the routes that take text (the generated cases cover something)', () => {
    const withText = routes.filter(
      (r) => r.operation.parameters?.length || r.operation.requestBody,
    );
    expect(withText.length).toBeGreaterThan(20);
    expect(routes.map((r) => r.path)).toContain('/api/blocks/{id}');
    // The documented paths are the routes' own, as the contract writes them: no trailing slash.
    expect(routes.map((r) => r.path)).toContain('/api/blocks');
    expect(routes.filter((r) => r.path.endsWith('/')).map((r) => r.path)).toEqual([]);
  });

  it('refuses NUL and lone surrogates in every JSON body string field with 400 naming it', async () => {
    let cases = 0;
    for (const route of routes) {
      const schema = route.operation.requestBody?.content['application/json']?.schema;
      if (!schema) continue;
      for (const { field, put } of bodyStringFields(schema)) {
        for (const [bad, code] of [
          [NUL, 'TEXT_NUL_CHARACTER'],
          [LONE_SURROGATE, 'TEXT_LONE_SURROGATE'],
        ] as const) {
          const value = { ...baseBody(schema), [field.split('.')[0]!]: put(bad) };
          const response = await send(route, urlFor(route), { type: 'application/json', value });
          expectTextRefusal(response, field, code);
          cases += 1;
        }
      }
    }
    // blocks ×2 (6 fields), compositions ×2, settings, share, publish, options, finalize-login.
    expect(cases).toBeGreaterThanOrEqual(40);
  });

  it('refuses NUL in form-encoded fields (a lone surrogate has no form encoding)', async () => {
    let cases = 0;
    for (const route of routes) {
      const type = 'application/x-www-form-urlencoded';
      const schema = route.operation.requestBody?.content[type]?.schema;
      if (!schema) continue;
      for (const { field, put } of bodyStringFields(schema)) {
        const value = { ...baseBody(schema), [field]: put(NUL) };
        expectTextRefusal(
          await send(route, urlFor(route), { type, value }),
          field,
          'TEXT_NUL_CHARACTER',
        );
        cases += 1;
      }
    }
    expect(cases).toBe(3);
  });

  it('refuses NUL in every path and query parameter with 400 naming it', async () => {
    let cases = 0;
    for (const route of routes) {
      for (const param of route.operation.parameters ?? []) {
        if (!isString(param.schema) || param.schema.enum) continue;
        const url =
          param.in === 'path'
            ? urlFor(route, { name: param.name, raw: 'a%00b' })
            : `${urlFor(route)}?${param.name}=a%00b`;
        expectTextRefusal(await send(route, url), param.name, 'TEXT_NUL_CHARACTER');
        cases += 1;
      }
    }
    expect(cases).toBeGreaterThanOrEqual(20);
  });

  it('never fails on a percent-encoded lone surrogate (invalid UTF-8) in a parameter', async () => {
    // CESU-8 of U+D800, the closest a URL gets to a lone surrogate. Query strings decode it to
    // U+FFFD (valid text); path parameters are refused. Either way: no 500.
    for (const route of routes) {
      for (const param of route.operation.parameters ?? []) {
        if (!isString(param.schema)) continue;
        const raw = 'a%ED%A0%80b';
        const url =
          param.in === 'path'
            ? urlFor(route, { name: param.name, raw })
            : `${urlFor(route)}?${param.name}=${raw}`;
        const response = await send(route, url);
        const where = `${route.method} ${url}: ${response.body}`;
        expect(response.statusCode, where).toBeLessThan(500);
        if (param.in === 'path') expect(response.statusCode, where).toBeGreaterThanOrEqual(400);
      }
    }
  });

  it('answers 404 (not 400 or 500) for a path parameter that is not one of our ids', async () => {
    let cases = 0;
    for (const route of routes) {
      for (const param of route.operation.parameters ?? []) {
        if (param.in !== 'path' || !ID_PARAMS.has(param.name)) continue;
        for (const raw of ['Not-An-Id', 'x'.repeat(65), '..%2F..%2Fetc']) {
          const response = await send(route, urlFor(route, { name: param.name, raw }));
          expect(response.statusCode, `${route.method} ${route.path} ${raw}`).toBe(404);
          expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
          cases += 1;
        }
      }
    }
    expect(cases).toBeGreaterThanOrEqual(30);
  });

  it('stores nothing from a refused request', async () => {
    const before = await t.app.inject({ url: '/api/blocks', headers });
    await t.app.inject({
      method: 'POST',
      url: '/api/blocks',
      headers,
      payload: { name: 'ok', content: `x${LONE_SURROGATE}`, type: 'STATIC' },
    });
    const after = await t.app.inject({ url: '/api/blocks', headers });
    expect(after.json()).toEqual(before.json());
  });
});
