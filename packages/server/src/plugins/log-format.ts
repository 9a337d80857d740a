import { styleText } from 'node:util';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** `json`: one pino record a line, for machines; `pretty`: one readable line, for a terminal. */
export type LogFormat = 'json' | 'pretty';

/** JSON unless asked otherwise or writing to a terminal (decision 094). */
export function defaultLogFormat(asked: LogFormat | undefined, stream: { isTTY?: boolean }) {
  return asked ?? (stream.isTTY ? 'pretty' : 'json');
}

const LEVELS: Record<number, string> = {
  10: 'trace',
  20: 'debug',
  30: 'info',
  40: 'warn',
  50: 'error',
  60: 'fatal',
};
const LEVEL_COLORS: Record<string, Parameters<typeof styleText>[0]> = {
  trace: 'gray',
  debug: 'gray',
  warn: 'yellow',
  error: 'red',
  fatal: 'red',
};
/** Fields every record carries, or that the line shows in its own place. */
const SHOWN = new Set(['level', 'time', 'pid', 'hostname', 'reqId', 'msg', 'req', 'res', 'err']);

interface LogRecord {
  level?: number;
  time?: number;
  msg?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { message?: string; stack?: string };
  [field: string]: unknown;
}

const clock = (time: number | undefined) => new Date(time ?? Date.now()).toTimeString().slice(0, 8);

/**
 * One pino record as a terminal line: `14:02:07 GET /api/blocks 200 4 ms` for a request,
 * `14:02:07 warn <message> key=value` otherwise (info lines carry no level word), an error's
 * stack indented below it. A line that is not a record is kept as it is.
 */
export function formatLogLine(line: string, colors = false): string {
  let record: LogRecord;
  try {
    record = JSON.parse(line) as LogRecord;
  } catch {
    return line.replace(/\n$/, '');
  }
  const paint = (format: Parameters<typeof styleText>[0], text: string) =>
    colors ? styleText(format, text, { validateStream: false }) : text;
  const level = LEVELS[record.level ?? 30] ?? 'info';
  const time = paint('gray', clock(record.time));
  if (record.req && record.res) {
    const status = record.res.statusCode ?? 0;
    const statusColor = status >= 500 ? 'red' : status >= 400 ? 'yellow' : 'green';
    const ms = `${Math.round(record.responseTime ?? 0)} ms`;
    return `${time} ${record.req.method ?? ''} ${record.req.url ?? ''} ${paint(statusColor, String(status))} ${paint('gray', ms)}`;
  }
  const tag = level === 'info' ? '' : `${paint(LEVEL_COLORS[level] ?? 'gray', level)} `;
  const extra = Object.entries(record)
    .filter(([key]) => !SHOWN.has(key))
    .map(([key, value]) => ` ${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join('');
  const message = record.msg ?? record.err?.message ?? '';
  const stack = record.err?.stack ? `\n    ${record.err.stack.replace(/\n/g, '\n    ')}` : '';
  return `${time} ${tag}${message}${paint('gray', extra)}${stack}`;
}

/** A pino destination that writes each record as formatLogLine does. */
export function prettyLogStream(out: NodeJS.WritableStream, colors: boolean) {
  return {
    write(line: string) {
      out.write(`${formatLogLine(line, colors)}\n`);
    },
  };
}

/** Routine answers at debug; a client's mistake at info; a server failure at warn. */
export function requestLogLevel(statusCode: number): 'debug' | 'info' | 'warn' {
  if (statusCode >= 500) return 'warn';
  return statusCode >= 400 ? 'info' : 'debug';
}

/**
 * One line per request once answered, instead of Fastify's two (`incoming request` and
 * `request completed`, both at info): method and URL (redacted by the req serializer), status
 * and time, at requestLogLevel's level. Errors and the other lines stay Fastify's.
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      super.requestCompleted(error, request, reply);
      return;
    }
    reply.log[requestLogLevel(reply.statusCode)](
      { req: request, res: reply, responseTime: reply.elapsedTime },
      'request completed',
    );
  }
}
