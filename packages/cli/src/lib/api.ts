import {
  blockListSchema,
  compositionListSchema,
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

  compositions(): Promise<Composition[]> {
    return this.get('api/compositions', compositionListSchema);
  }

  blocks(): Promise<Block[]> {
    return this.get('api/blocks', blockListSchema);
  }

  async globalIgnorePatterns(): Promise<string[]> {
    return (await this.get('api/settings', settingsResponseSchema)).globalIgnorePatterns;
  }
}
