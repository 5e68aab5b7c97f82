// plainRequest sends what fetch sends: a server sees the same method, headers and body from both;
// an event stream is read for the time asked and a broken body is an error, as with fetch.
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { plainRequest } from './plain-request.js';

let server: http.Server;
let base: string;
const seen: { method: string; headers: http.IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ method: req.method!, headers: req.headers, body });
      if (req.url === '/stream') {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write('event: unread\ndata: {"count":1}\n\n');
        return; // stays open
      }
      if (req.url === '/broken') {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
        res.write('{"cut":');
        res.destroy();
        return;
      }
      res.writeHead(201, { 'content-type': 'application/json', 'set-cookie': ['a=1; Path=/', 'b=2; Path=/'] });
      res.end('\uFEFF{"ok":true}');
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

/** What the server saw of one request, without what differs between two connections. */
const lastSeen = () => {
  const { method, headers, body } = seen.at(-1)!;
  const { connection: _c, ...rest } = headers;
  return { method, headers: rest, body };
};

describe('plainRequest', () => {
  const requests: [string, RequestInit & { body?: string | Uint8Array }][] = [
    ['a GET', {}],
    ['a POST without a body', { method: 'POST' }],
    ['a DELETE with a text body', { method: 'DELETE', body: 'plain text' }],
    ['a POST of JSON with its type and a cookie', { method: 'POST', body: '{"a":1}', headers: { 'content-type': 'application/json', cookie: 'x=1' } }],
    ['a PUT of bytes', { method: 'PUT', body: new Uint8Array([1, 2, 3]) }],
    ['a GET with its own accept header', { headers: { Accept: 'application/json' } }],
  ];
  for (const [name, init] of requests)
    test(`${name} reaches the server as fetch's does`, async () => {
      await (await fetch(`${base}/x`, init as RequestInit)).text();
      const byFetch = lastSeen();
      await plainRequest(`${base}/x`, { method: init.method, headers: init.headers as Record<string, string>, body: init.body });
      expect(lastSeen()).toEqual(byFetch);
    });

  test("answers with the status, every header (each Set-Cookie) and the body as fetch's text() reads it", async () => {
    const [byFetch, plain] = [await fetch(`${base}/x`), await plainRequest(`${base}/x`)];
    expect(plain.status).toBe(201);
    expect(plain.headers.getSetCookie()).toEqual(byFetch.headers.getSetCookie());
    expect(plain.headers.get('content-type')).toBe('application/json');
    expect(plain.text).toBe(await byFetch.text());
  });

  test('an event stream that stays open is read for the time asked, then closed', async () => {
    const res = await plainRequest(`${base}/stream`, { streamReadMs: 200 });
    expect(res.status).toBe(200);
    expect(res.text).toBe('event: unread\ndata: {"count":1}\n\n');
  });

  test('a kept-alive connection the server closes as a request goes out on it: the request is sent again on a new one', async () => {
    // Each connection answers its first request and is closed unanswered at its second, as a
    // server closing an idle connection does when the request crosses the close.
    let connections = 0;
    const closing = net.createServer((socket) => {
      connections++;
      let requests = 0;
      socket.on('data', () => {
        if (++requests === 1) socket.write('HTTP/1.1 200 OK\r\ncontent-length: 2\r\nconnection: keep-alive\r\n\r\nok');
        else socket.destroy();
      });
    });
    await new Promise<void>((ok) => closing.listen(0, '127.0.0.1', ok));
    const url = `http://127.0.0.1:${(closing.address() as AddressInfo).port}/`;
    try {
      expect((await plainRequest(url)).text).toBe('ok');
      expect((await plainRequest(url, { method: 'POST', body: 'again' })).text).toBe('ok');
      expect(connections).toBe(2);
    } finally {
      closing.close();
    }
  });

  test('a body the server breaks off is an error', async () => {
    await expect(plainRequest(`${base}/broken`)).rejects.toThrow();
  });
});
