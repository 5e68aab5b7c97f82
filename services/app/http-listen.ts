// The HTTP server on the configured host and port, and its stop: in-flight requests finish, and
// keep-alive sockets close as soon as they are idle, not when their keep-alive timeout ends.
import { createServer } from 'node:http';
import type { Express } from 'express';
import type { Config } from '../shared/config.js';

export async function listen(app: Express, config: Pick<Config, 'host' | 'port'>) {
  // Not Express's app.listen: it hands a failure to listen (a port in use) to the callback it
  // calls on success, and the instance carried on serving nothing while another answered its port.
  const server = createServer(app);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => {
      server.off('error', reject);
      resolve();
    });
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
