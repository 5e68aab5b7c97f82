// Starts a test-only HTTP server on 127.0.0.1 at a random port.
import { createServer, type RequestListener, type Server } from 'node:http';

export async function listenLoopback(handler: RequestListener): Promise<{ url: string; server: Server; close: () => Promise<void> }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export async function readBody(req: import('node:http').IncomingMessage) {
  let body = '';
  for await (const chunk of req) body += chunk;
  return body;
}
