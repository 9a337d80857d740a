import { styleText } from 'node:util';

/** People's messages go to stderr; stdout carries only data (the prompt, --json). */
export class Output {
  constructor(
    private readonly colors: boolean,
    readonly stream: NodeJS.WriteStream = process.stderr,
  ) {}

  paint(format: Parameters<typeof styleText>[0], text: string): string {
    return this.colors ? styleText(format, text, { validateStream: false }) : text;
  }

  line(text = ''): void {
    this.stream.write(`${text}\n`);
  }

  warn(text: string): void {
    this.line(`${this.paint('yellow', 'warning')} ${text}`);
  }

  error(text: string): void {
    this.line(`${this.paint('red', 'error')} ${text}`);
  }
}

/** Colours only on a terminal and never with NO_COLOR. */
export function createOutput(noColor: boolean): Output {
  return new Output(!noColor && process.stderr.isTTY === true);
}

/**
 * What follows a prompt written to stdout so the summary on stderr starts a line of its own: a
 * newline when stdout is a terminal and the prompt does not end one, nothing otherwise (a pipe
 * or a file gets the prompt's bytes exactly).
 */
export function lineEndAfterPrompt(
  stdoutIsTerminal: boolean,
  lastByte: number | undefined,
): string {
  return stdoutIsTerminal && lastByte !== undefined && lastByte !== 0x0a ? '\n' : '';
}
