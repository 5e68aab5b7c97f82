// patches/express-openapi-validator+5.6.2.patch: the validator compiles each route's path pattern
// once, not on every request (upstream cdimascio/express-openapi-validator#1217, unreleased).
import express from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { afterEach, expect, test, vi } from 'vitest';

const pathToRegexpModule = createRequire(import.meta.url)('path-to-regexp') as { pathToRegexp: (...args: unknown[]) => unknown };

const spec = {
  openapi: '3.1.0',
  info: { title: 't', version: '1' },
  paths: Object.fromEntries(
    ['/a/{id}', '/b/{id}', '/c/{id}'].map((path) => [
      path,
      {
        get: {
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          responses: { '200': { description: 'ok' } },
        },
      },
    ]),
  ),
};

afterEach(() => vi.restoreAllMocks());

test('each route pattern is compiled once however many requests it matches, and still matches', async () => {
  const compile = vi.spyOn(pathToRegexpModule, 'pathToRegexp');
  const app = express();
  app.use(OpenApiValidator.middleware({ apiSpec: structuredClone(spec) as never, validateRequests: true }));
  app.get('/c/:id', (req, res) => {
    res.json({ id: req.params.id });
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const get = async (id: string) => {
      const res = await fetch(`${base}/c/${id}`);
      if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
      return (await res.json()) as { id: string };
    };
    expect(await get('first')).toEqual({ id: 'first' });
    const afterFirst = compile.mock.calls.length;
    for (let i = 0; i < 20; i++) expect(await get(`n${i}`)).toEqual({ id: `n${i}` });
    // Looking up /c/... scans /a and /b first: without the patch, 3 compiles per request.
    expect(compile.mock.calls.length).toBe(afterFirst);
  } finally {
    server.close();
  }
});
