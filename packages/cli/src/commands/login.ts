import { createInterface } from 'node:readline/promises';
import { PromptloomApi, apiOptions } from '../lib/api';
import { saveCredentials } from '../lib/credentials';
import type { CliEnv } from '../lib/env';
import { CliError, EXIT } from '../lib/errors';
import type { Output } from '../lib/output';

export interface LoginFlags {
  server?: string;
  token?: string;
}

async function ask(question: string): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: false });
  try {
    process.stderr.write(question);
    const answer = await rl[Symbol.asyncIterator]().next();
    return answer.done ? '' : answer.value.trim();
  } finally {
    rl.close();
  }
}

/**
 * `promptloom login`: checks server + token with a real request, then stores them in the
 * user's config folder (0600). The token is read from --token, PROMPTLOOM_TOKEN or stdin.
 */
export async function loginCommand(flags: LoginFlags, env: CliEnv, out: Output): Promise<void> {
  const server = flags.server ?? env.server ?? (await ask('Promptloom server URL: '));
  if (!URL.canParse(server) || !/^https?:/.test(server)) {
    throw new CliError(`"${server}" is not an http(s) URL`, EXIT.usage);
  }
  const token =
    flags.token ??
    env.token ??
    (await ask('Access token (Settings → Access tokens in the web app): '));
  if (!token) throw new CliError('no access token given', EXIT.usage);
  // Any readable route proves both the address and the token.
  await new PromptloomApi(
    { server, token },
    apiOptions(env, (message) => out.warn(message)),
  ).globalIgnorePatterns();
  await saveCredentials(env.configFile, { server, token });
  out.line(`Logged in to ${new URL(server).origin}; saved in ${env.configFile}`);
}
