import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';
import type { ServerCredentials } from './api';
import type { CliEnv } from './env';
import { CliError, EXIT } from './errors';

const storedSchema = z.object({ server: z.url(), token: z.string().min(1) });

/** Saves server + token for later runs, readable by the user only (0600 in a 0700 folder). */
export async function saveCredentials(file: string, credentials: ServerCredentials): Promise<void> {
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  await writeFile(file, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
  // writeFile's mode only applies when it creates the file.
  await chmod(file, 0o600);
}

async function readStored(file: string): Promise<Partial<ServerCredentials>> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return {};
  }
  const parsed = storedSchema.safeParse(JSON.parse(text));
  if (!parsed.success)
    throw new CliError(`${file} is not a valid promptloom login; run promptloom login`);
  return parsed.data;
}

/** PROMPTLOOM_SERVER / PROMPTLOOM_TOKEN win over the stored login, each on its own. */
export async function loadCredentials(env: CliEnv): Promise<ServerCredentials> {
  const stored = env.server && env.token ? {} : await readStored(env.configFile);
  const server = env.server ?? stored.server;
  const token = env.token ?? stored.token;
  if (!server || !token) {
    throw new CliError(
      'no Promptloom server: run promptloom login, or set PROMPTLOOM_SERVER and PROMPTLOOM_TOKEN',
      EXIT.usage,
    );
  }
  return { server, token };
}
