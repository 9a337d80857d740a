import { homedir } from 'node:os';
import { join } from 'node:path';

/** The only reader of process.env in the CLI. */
export interface CliEnv {
  server: string | undefined;
  token: string | undefined;
  /** Where `promptloom login` keeps server + token. */
  configFile: string;
  /** The user's cache folder for promptloom (`apply --undo` keeps previous contents there). */
  cacheDir: string;
  noColor: boolean;
  /** Counts and secret findings kept in cacheDir between packs; false with PROMPTLOOM_CACHE=0. */
  pieceCache: boolean;
  /**
   * The user's language as a BCP 47 tag (`fr-FR`), from the locale (LC_ALL, LC_MESSAGES, LANG,
   * in POSIX order) or `--lang`; undefined for the C locale. Sent to the server, which names
   * system blocks in it.
   */
  language: string | undefined;
  /** `--insecure`: an access token may travel over plain http to another machine. */
  insecure: boolean;
}

export function readEnv(env: NodeJS.ProcessEnv = process.env): CliEnv {
  const base =
    env.PROMPTLOOM_CONFIG_DIR ??
    (process.platform === 'win32'
      ? join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'promptloom')
      : join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), 'promptloom'));
  return {
    cacheDir: cacheDir(env),
    server: env.PROMPTLOOM_SERVER || undefined,
    token: env.PROMPTLOOM_TOKEN || undefined,
    configFile: join(base, 'config.json'),
    // https://no-color.org: any non-empty value.
    noColor: Boolean(env.NO_COLOR) || env.TERM === 'dumb',
    pieceCache: env.PROMPTLOOM_CACHE !== '0',
    language: localeLanguage(env.LC_ALL || env.LC_MESSAGES || env.LANG),
    insecure: false,
  };
}

/** `fr_FR.UTF-8@euro` → `fr-FR`; the C and POSIX locales name no language. */
export function localeLanguage(locale: string | undefined): string | undefined {
  const tag = locale?.replace(/[.@].*$/, '').replace(/_/g, '-');
  if (!tag || tag === 'C' || tag === 'POSIX' || !/^[A-Za-z]{2,3}(-[A-Za-z0-9]+)*$/.test(tag)) {
    return undefined;
  }
  return tag;
}

/** The platform's cache folder: XDG_CACHE_HOME (~/.cache), ~/Library/Caches, %LOCALAPPDATA%. */
function cacheDir(env: NodeJS.ProcessEnv): string {
  if (env.PROMPTLOOM_CACHE_DIR) return env.PROMPTLOOM_CACHE_DIR;
  if (process.platform === 'win32')
    return join(env.LOCALAPPDATA ?? join(homedir(), 'AppData', 'Local'), 'promptloom', 'Cache');
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Caches', 'promptloom');
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'promptloom');
}
