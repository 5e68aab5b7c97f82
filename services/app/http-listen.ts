// The HTTP server on the configured host and port, and its stop: in-flight requests finish, and
// keep-alive sockets close as soon as they are idle, not when their keep-alive timeout ends.
import type { Server } from 'node:http';
import type { Express } from 'express';
import type { Config } from '../shared/config.js';

export async function listen(app: Express, config: Pick<Config, 'host' | 'port'>) {
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(config.port, config.host, () => resolve(s));
    s.once('error', reject);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  return {
    server,
    url: `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        const sweep = setInterval(() => server.closeIdleConnections(), 50);
        server.close(() => {
          clearInterval(sweep);
          resolve();
        });
        server.closeIdleConnections();
      }),
  };
}
