// A small round-robin HTTP proxy on 127.0.0.1, as a load balancer in front of app instances:
// each request goes to the next target in turn, bodies and responses streamed (SSE included). A
// target that refuses the connection is skipped for that request, as a balancer's health check
// would.
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type RoundRobinProxy = { url: string; served: string[]; close: () => Promise<void> };

export async function startRoundRobinProxy(targets: string[]): Promise<RoundRobinProxy> {
  let next = 0;
  const served: string[] = [];

  const forward = (req: IncomingMessage, res: ServerResponse, body: Buffer, tries: number) => {
    const target = new URL(targets[next++ % targets.length]);
    const upstream = request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host } },
      (answer) => {
        served.push(target.origin);
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        res.on('close', () => answer.destroy());
      },
    );
    upstream.on('error', () => {
      if (res.headersSent) return void res.destroy();
      if (tries + 1 < targets.length) return forward(req, res, body, tries + 1);
      res.writeHead(502, { 'content-type': 'text/plain' }).end('no instance answered');
    });
    upstream.end(body);
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => forward(req, res, Buffer.concat(chunks), 0));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
