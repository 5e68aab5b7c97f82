// A port already in use stops the start with EADDRINUSE; a free one serves the app.
import { createServer, type Server } from 'node:http';
import express from 'express';
import { afterEach, expect, test } from 'vitest';
import { listen } from './http-listen.js';

const open: { close: () => Promise<void> }[] = [];
afterEach(async () => {
  for (const s of open.splice(0)) await s.close();
});

const taken = () =>
  new Promise<Server>((resolve) => {
    const s = createServer((_req, res) => res.end('someone else'));
    s.listen(0, '127.0.0.1', () => resolve(s));
  });

test('a port another process listens on is an error, not an instance that serves nothing', async () => {
  const other = await taken();
  open.push({ close: () => new Promise<void>((r) => other.close(() => r())) });
  const port = (other.address() as { port: number }).port;
  await expect(listen(express(), { host: '127.0.0.1', port })).rejects.toMatchObject({ code: 'EADDRINUSE' });
});

test('a free port serves the app at the URL it reports', async () => {
  const app = express().get('/hello', (_req, res) => res.send('hello'));
  const http = await listen(app, { host: '127.0.0.1', port: 0 });
  open.push(http);
  expect(http.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  expect(await (await fetch(`${http.url}/hello`)).text()).toBe('hello');
});
