import { homedir } from 'node:os';
import { join } from 'node:path';

/** The only reader of process.env in the CLI. */
export interface CliEnv {
  server: string | undefined;
  token: string | undefined;
  /** Where `promptloom login` keeps server + token. */
  configFile: string;
  noColor: boolean;
}

export function readEnv(env: NodeJS.ProcessEnv = process.env): CliEnv {
  const base =
    env.PROMPTLOOM_CONFIG_DIR ??
    (process.platform === 'win32'
      ? join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'promptloom')
      : join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), 'promptloom'));
  return {
    server: env.PROMPTLOOM_SERVER || undefined,
    token: env.PROMPTLOOM_TOKEN || undefined,
    configFile: join(base, 'config.json'),
    // https://no-color.org: any non-empty value.
    noColor: Boolean(env.NO_COLOR) || env.TERM === 'dumb',
  };
}
