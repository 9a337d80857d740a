import {
  blockPageSchema,
  compositionPageSchema,
  settingsResponseSchema,
  type Block,
  type Composition,
} from '@promptloom/core';
import type { z } from 'zod';
import { CliError } from './errors';

export interface ServerCredentials {
  server: string;
  token: string;
}

/** Read-only client of the Promptloom API, authenticated with a personal access token. */
export class PromptloomApi {
  constructor(private readonly credentials: ServerCredentials) {}

  private async get<T>(path: string, schema: z.ZodType<T>): Promise<T> {
    const url = new URL(path, this.credentials.server.replace(/\/?$/, '/'));
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { authorization: `Bearer ${this.credentials.token}`, accept: 'application/json' },
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
