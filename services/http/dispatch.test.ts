import express from 'express';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { pino } from 'pino';
import { afterEach, describe, expect, test } from 'vitest';
import type { ActorSource } from '../shared/actor.js';
import type { AppContext } from '../app/context.js';
import { DomainError } from '../shared/domain-error.js';
import { dispatch } from './dispatch.js';
import type { Handler } from './handler.js';
import { errorHandler } from './problem-mapping.js';
import type { SseStream } from './sse.js';

const actors: ActorSource = {
  userIdOf: async () => 'u1',
  userOf: async () => null,
  orgOf: async () => null,
  planOf: () => 'free',
  claimedVisitorIdsOf: async () => [],
  visitorClaimedAt: async () => null,
};
const ctx = { actors } as unknown as AppContext;

let close: (() => void) | undefined;
afterEach(() => close?.());

/** Serves one handler at /things/:id (as any operation's) and returns the base URL. */
async function serve(handler: (input: Parameters<Handler<'getThread'>>[0]) => Promise<unknown>) {
  const app = express();
  app.use(express.json());
  app.use((_req, res, next) => {
    res.locals.visitorId = 'visitor-1';
    next();
  });
  app.all('/things/:id', dispatch(handler as unknown as Handler<'getThread'>, ctx));
  app.use(errorHandler(pino({ level: 'silent' })));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  close = () => server.close();
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/things`;
}

describe('a handler gets its input and an Actor, never the request', () => {
  test('body, query, path, headers and the Actor', async () => {
    let seen: unknown;
    const url = await serve(async ({ actor, body, query, path, headers }) => {
      seen = { body, query, path, header: headers['x-test'], visitor: actor.visitorId, user: await actor.userId() };
      return { status: 200, body: { ok: true } };
    });
    const res = await fetch(`${url}/42?q=a`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-test': 'yes' }, body: '{"a":1}' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect(seen).toEqual({ body: { a: 1 }, query: { q: 'a' }, path: { id: '42' }, header: 'yes', visitor: 'visitor-1', user: 'u1' });
  });
});

describe('what a handler returns is written by the edge', () => {
  test('a status, a JSON body and extra headers (each cookie its own set-cookie)', async () => {
    const url = await serve(async () => ({ status: 201, body: { id: 'x' }, headers: { 'set-cookie': ['a=1; Path=/', 'b=2; Path=/'] } }));
    const res = await fetch(`${url}/1`);
    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    expect(await res.json()).toEqual({ id: 'x' });
  });

  test('a status without a body is an empty response', async () => {
    const url = await serve(async () => ({ status: 204 }));
    const res = await fetch(`${url}/1`, { method: 'POST' });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
  });

  test('a redirect, with no body (the spec declares none)', async () => {
    const url = await serve(async () => ({ redirect: '/elsewhere', status: 303 }));
    const res = await fetch(`${url}/1`, { redirect: 'manual', headers: { accept: 'text/html' } });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/elsewhere');
    expect(await res.text()).toBe('');
  });

  test('a file to download, from bytes or a stream', async () => {
    const bytes = await serve(async () => ({ file: { body: Buffer.from('hello'), contentType: 'text/plain', filename: '报告.txt' } }));
    const res = await fetch(`${bytes}/1`);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="??.txt"; filename*=UTF-8''%E6%8A%A5%E5%91%8A.txt`);
    expect(res.headers.get('content-length')).toBe('5');
    expect(await res.text()).toBe('hello');
    close?.();

    const streamed = await serve(async () => ({ file: { body: Readable.from(['a', 'b']), contentType: 'application/pdf', filename: 'x.pdf', inline: true } }));
    const res2 = await fetch(`${streamed}/1`);
    expect(res2.headers.get('content-type')).toBe('application/pdf');
    expect(res2.headers.get('content-disposition')).toBe('inline; filename="x.pdf"');
    expect(await res2.text()).toBe('ab');
  });

  test('a stream of server-sent events', async () => {
    const url = await serve(async () => ({
      sse: async (stream: SseStream) => {
        stream.send(0, 'thread', { a: 1 });
        stream.end();
      },
    }));
    const res = await fetch(`${url}/1`);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(await res.text()).toBe('id: 0\nevent: thread\ndata: {"a":1}\n\n');
  });

  test('a domain error becomes problem+json with its code', async () => {
    const url = await serve(async () => {
      throw new DomainError('too_large', 'too_big', 'That is too big.');
    });
    const res = await fetch(`${url}/1`);
    expect(res.status).toBe(413);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await res.json()).toEqual({ type: 'about:blank', title: 'Content Too Large', status: 413, code: 'too_big', detail: 'That is too big.' });
  });
});
