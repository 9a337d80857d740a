import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { AppConfig } from '../config';

/**
 * The Node HTTP server's own bounds (decision 093), given to Fastify when it creates the
 * server: a request whose headers or body stop arriving is answered 408 and its socket closed
 * once its time is up (Node checks open requests every `connectionsCheckingInterval`, so the
 * check runs a few times per timeout rather than every 30 s).
 */
export function serverTimeouts({ http }: Pick<AppConfig, 'http'>) {
  const headersTimeout = Math.min(http.headersTimeoutMs, http.requestTimeoutMs);
  return {
    requestTimeout: http.requestTimeoutMs,
    keepAliveTimeout: http.keepAliveTimeoutMs,
    http: {
      headersTimeout,
      requestTimeout: http.requestTimeoutMs,
      connectionsCheckingInterval: Math.max(50, Math.min(2_000, Math.floor(headersTimeout / 4))),
    },
  };
}

/**
 * At most `max` open connections per client address (0: no cap). Only meaningful when
 * clients connect directly: behind a proxy every connection comes from the proxy, so the
 * configuration turns it off there. A connection past the cap is closed before any byte of
 * it is read.
 */
export function capConnectionsPerAddress(server: Server, max: number): void {
  if (max <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const count = open.get(address) ?? 0;
    if (count >= max) {
      socket.destroy();
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
