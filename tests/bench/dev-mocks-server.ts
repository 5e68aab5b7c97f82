// One `make dev-mocks` server for tests/bench/dev-mocks.ts, in a process of its own: a checkout's
// web/vite.config.ts in mocks mode on 127.0.0.1:PORT, with Vite's cache in CACHE_DIR. The
// checkouts share node_modules (and so Vite's default cache), which the bench must not clear.
// Usage: node --import tsx tests/bench/dev-mocks-server.ts CHECKOUT PORT CACHE_DIR
import { join } from 'node:path';
import { createServer } from 'vite';

const [checkout, port, cacheDir] = process.argv.slice(2);
if (!checkout || !port || !cacheDir) throw new Error('usage: dev-mocks-server.ts CHECKOUT PORT CACHE_DIR');

const server = await createServer({
  configFile: join(checkout, 'web/vite.config.ts'),
  mode: 'mocks',
  cacheDir,
  logLevel: 'warn',
  server: { host: '127.0.0.1', port: Number(port), strictPort: true },
});
await server.listen();
console.log('ready');

for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => void server.close().finally(() => process.exit(0)));
