/** Exit codes: 0 done, 1 the command failed, 2 bad usage or input (commander uses 1 for its own). */
export const EXIT = { ok: 0, failure: 1, usage: 2 } as const;

/**
 * An expected failure told to the user in one line (bad token, unknown composition,
 * unreachable server, missing folder): printed without a stack trace.
 */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT.failure,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/** One line for any error: a CliError's message, else the error's own first line. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message.split('\n')[0] ?? error.name;
  return String(error);
}

/** The error of a write to a pipe whose reader has gone (`| head`). */
export const isClosedPipe = (error: unknown) =>
  error instanceof Error && (error as NodeJS.ErrnoException).code === 'EPIPE';
