import type { Request } from 'express';
import { beforeAll, describe, expect, test } from 'vitest';
import { operationLookup } from './operation-lookup.js';
import { library, type RouteContext } from './validator-library.js';

const ok = { responses: { '200': { description: 'ok' } } };
const idParam = { parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }] };
const spec = {
  openapi: '3.1.0',
  info: { title: 't', version: '1' },
  paths: {
    '/rest/things/{id}': { get: { ...ok, ...idParam }, delete: { ...ok, ...idParam } },
    '/rest/things/list': { post: ok },
    '/rest/session': { get: ok },
  },
};

let context: RouteContext;
beforeAll(async () => {
  const loaded = await new library.OpenApiSpecLoader({ apiDoc: structuredClone(spec), validateApiSpec: false, $refParser: { mode: 'bundle' } }).load();
  context = new library.OpenApiContext(loaded, (path: string) => !/^\/rest/i.test(path), false, false);
});

type Looked = Request & { openapi?: { openApiRoute: string; pathParams: Record<string, string> } };
function request(method: string, url: string, settings: Record<string, boolean> = {}): Looked {
  return {
    method,
    url,
    originalUrl: url,
    path: url.split('?')[0],
    baseUrl: '',
    params: {},
    app: { enabled: (k: string) => !!settings[k] },
  } as unknown as Looked;
}
const lookUp = (method: string, url: string, settings?: Record<string, boolean>) => {
  const req = request(method, url, settings);
  operationLookup(context, null)(req);
  return req;
};

describe('the operation a request calls', () => {
  test('a literal path, in any case and with one trailing slash, before a path with a parameter that also matches it', () => {
    for (const url of ['/rest/things/list', '/REST/Things/List', '/rest/things/list/', '/rest/things/list?x=1'])
      expect(lookUp('POST', url).openapi?.openApiRoute).toBe('/rest/things/list');
    expect(lookUp('GET', '/rest/session').openapi?.openApiRoute).toBe('/rest/session');
  });

  test('a path with a parameter, decoded onto req.params', () => {
    const req = lookUp('GET', '/rest/things/a%20b');
    expect(req.openapi).toMatchObject({ openApiRoute: '/rest/things/{id}', pathParams: { id: 'a b' } });
    expect(req.params).toEqual({ id: 'a b' });
  });

  test('a method the path does not have is a 405 naming those it has', () => {
    expect(() => lookUp('PUT', '/rest/things/x')).toThrow(
      expect.objectContaining({ status: 405, message: 'PUT method not allowed', headers: { Allow: 'DELETE, GET' } }),
    );
    // The literal path is found first, so GET there is not the parameter's GET.
    expect(() => lookUp('GET', '/rest/things/list')).toThrow(expect.objectContaining({ status: 405, headers: { Allow: 'POST' } }));
  });

  test('an unknown path under the API is a 404; a path the validator ignores is left alone', () => {
    expect(() => lookUp('GET', '/rest/nothing')).toThrow(expect.objectContaining({ status: 404, message: 'not found' }));
    expect(() => lookUp('GET', '/rest/session/more')).toThrow(expect.objectContaining({ status: 404 }));
    expect(lookUp('GET', '/app/page').openapi).toBeUndefined();
  });

  test('a broken percent-encoding in a parameter is a 400', () => {
    expect(() => lookUp('GET', '/rest/things/%E0%A4%A')).toThrow(expect.objectContaining({ status: 400, message: "malformed uri'" }));
  });

  test('case-sensitive routing is honoured; strict routing changes nothing, as in the package (path-to-regexp 8 has no strict mode)', () => {
    expect(() => lookUp('POST', '/REST/things/list', { 'case sensitive routing': true })).toThrow(expect.objectContaining({ status: 404 }));
    expect(lookUp('POST', '/rest/things/list', { 'case sensitive routing': true }).openapi?.openApiRoute).toBe('/rest/things/list');
    expect(lookUp('POST', '/rest/things/list/', { 'strict routing': true }).openapi?.openApiRoute).toBe('/rest/things/list');
  });
});
