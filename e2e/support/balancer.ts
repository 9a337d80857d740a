import http from 'node:http';

/**
 * A round-robin reverse proxy in front of several instances, as a load balancer: API call n
 * goes to instance n mod N, so consecutive calls of one page land on different instances.
 * It counts the API calls each instance served.
 */
export async function startBalancer(port: number, instances: () => string[]) {
  // API calls and static files take turns apart, so API calls strictly alternate.
  const turns = { api: 0, files: 0 };
  const served = new Map<string, number>();
  const server = http.createServer((request, response) => {
    const targets = instances();
    const api = request.url?.startsWith('/api/') ?? false;
    const target = targets[turns[api ? 'api' : 'files']++ % targets.length]!;
    if (api) served.set(target, (served.get(target) ?? 0) + 1);
    const upstream = http.request(
      `${target}${request.url ?? '/'}`,
      { method: request.method, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    /** API requests each instance answered, by its URL. */
    served: (instance: string) => served.get(instance) ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
