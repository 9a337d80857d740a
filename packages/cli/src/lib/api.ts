import {
  blockPageSchema,
  compositionPageSchema,
  settingsResponseSchema,
  type Block,
  type Composition,
} from '@promptloom/core';
import type { z } from 'zod';
import type { CliEnv } from './env';
import { CliError, EXIT } from './errors';

export interface ServerCredentials {
  server: string;
  token: string;
}

export interface ApiOptions {
  /** BCP 47 tag sent as Accept-Language: the server names system blocks in it. */
  language?: string;
  /** Send the token over plain http to another machine, after a warning. */
  insecure?: boolean;
  warn?: (message: string) => void;
}

/** localhost, 127.0.0.0/8 and ::1: a request to them never leaves the machine. */
function isLoopback(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    hostname === '[::1]' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname)
  );
}

/**
 * A bearer token over plain http can be read by anyone on the way: refused unless the server
 * is this machine, or the user passed --insecure (then warned about).
 */
function checkTransport(server: string, options: ApiOptions): void {
  const url = new URL(server);
  if (url.protocol !== 'http:' || isLoopback(url.hostname)) return;
  if (!options.insecure) {
    throw new CliError(
      `refusing to send the access token over plain http to ${url.origin}: use https, or pass --insecure`,
      EXIT.usage,
    );
  }
  options.warn?.(`sending the access token unencrypted to ${url.origin} (--insecure)`);
}

/** The options a command gives the client: the user's language and --insecure. */
export const apiOptions = (env: CliEnv, warn: (message: string) => void): ApiOptions => ({
  language: env.language,
  insecure: env.insecure,
  warn,
});

/** Read-only client of the Promptloom API, authenticated with a personal access token. */
export class PromptloomApi {
  constructor(
    private readonly credentials: ServerCredentials,
    private readonly options: ApiOptions = {},
  ) {
    checkTransport(credentials.server, options);
  }

  private async get<T>(path: string, schema: z.ZodType<T>): Promise<T> {
    const url = new URL(path, this.credentials.server.replace(/\/?$/, '/'));
    let response: Response;
    try {
      response = await fetch(url, {
        headers: {
          authorization: `Bearer ${this.credentials.token}`,
          accept: 'application/json',
          ...(this.options.language ? { 'accept-language': this.options.language } : {}),
        },
        signal: AbortSignal.timeout(15_000),
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
      throw new CliError(`cannot reach the Promptloom server at ${url.origin} (${cause})`);
    }
    if (response.status === 401) {
      throw new CliError(
        'the access token was refused (revoked or mistyped): run promptloom login',
      );
    }
    if (response.status === 429)
      throw new CliError('too many requests with this token; retry in a minute');
    if (!response.ok) {
      throw new CliError(`the server answered ${response.status} to GET ${url.pathname}`);
    }
    const parsed = schema.safeParse(await response.json().catch(() => null));
    if (!parsed.success) {
      throw new CliError(
        `${url.origin} did not answer like a Promptloom server (GET ${url.pathname})`,
      );
    }
    return parsed.data;
  }

  /** Every item of a paged list (decision 038), following `nextCursor` page by page. */
  private async all<Item>(
    path: string,
    schema: z.ZodType<{ items: Item[]; nextCursor: string | null }>,
  ): Promise<Item[]> {
    const items: Item[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
      const page = await this.get(`${path}${query}`, schema);
      items.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    return items;
  }

  compositions(): Promise<Composition[]> {
    return this.all('api/compositions', compositionPageSchema);
  }

  blocks(): Promise<Block[]> {
    return this.all('api/blocks', blockPageSchema);
  }

  async globalIgnorePatterns(): Promise<string[]> {
    return (await this.get('api/settings', settingsResponseSchema)).globalIgnorePatterns;
  }
}
