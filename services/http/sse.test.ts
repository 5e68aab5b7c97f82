import express from 'express';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, test } from 'vitest';
import { openSse } from './sse.js';

let close: (() => void) | undefined;
afterEach(() => close?.());

/** Serves `handle` on 127.0.0.1 and returns the whole response body of one GET. */
async function bodyOf(handle: (res: express.Response) => void) {
  const app = express().get('/', (_req, res) => handle(res));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  close = () => server.close();
  const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  return { type: res.headers.get('content-type'), text: await res.text() };
}

test('events sent and the stream ended in the same tick all arrive (a corked response drops nothing)', async () => {
  const { type, text } = await bodyOf((res) => {
    const sse = openSse(res);
    sse.send(0, 'thread', { a: 1 });
    sse.send(1, 'completed', { b: 2 });
    sse.end();
  });
  expect(type).toBe('text/event-stream; charset=utf-8');
  expect(text).toBe('id: 0\nevent: thread\ndata: {"a":1}\n\nid: 1\nevent: completed\ndata: {"b":2}\n\n');
});

test('events of later ticks arrive in order, and nothing is sent after the end', async () => {
  const { text } = await bodyOf((res) => {
    const sse = openSse(res);
    sse.send(0, 'thread', {});
    setImmediate(() => {
      sse.send(1, 'delta', { text: 'x' });
      sse.send(2, 'delta', { text: 'y' });
      setImmediate(() => {
        sse.send(3, 'completed', {});
        sse.end();
        sse.send(4, 'late', {});
      });
    });
  });
  expect(text.match(/^event: .*$/gm)).toEqual(['event: thread', 'event: delta', 'event: delta', 'event: completed']);
});
