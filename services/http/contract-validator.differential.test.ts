// The contract validator (contract-validator.ts) answers every request as express-openapi-validator's
// default middleware does, with the same options: the same status, headers that matter, problem
// body, and what reaches the handler (path parameters, query, body). A corpus of requests to every
// operation of the real spec: values the schemas accept and values they refuse (fast-check,
// fixed seeds), broken path encodings, unknown query parameters, wrong methods, trailing slashes,
// other cases, unknown paths; with response checking on (as in tests) and off (as in production).
import express, { type Express } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import fc from 'fast-check';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { encodeUtf8, hostileNumberText, hostileString, toJsonText } from '../../tests/contract/hostile.js';
import { arbitraryFor, type SchemaContext } from '../../tests/contract/schema-arbitrary.js';
import { plainRequest } from '../../tests/support/plain-request.js';
import { contractOptions, contractValidator } from './contract-validator.js';
import { errorHandler } from './problem-mapping.js';
import { loadSpec, operationsOf, toExpressPath } from './spec.js';

type Json = any;
const spec = loadSpec() as Json;
const operations = operationsOf(spec);
const SAMPLES_PER_OPERATION = 12;

const resolve = (node: Json): Json => {
  while (node?.$ref)
    node = node.$ref
      .slice(2)
      .split('/')
      .reduce((acc: Json, key: string) => acc?.[key], spec);
  return node;
};

/** The app's middleware order around the validator, with handlers that answer with what reached them. */
function appWith(validator: express.RequestHandler | express.RequestHandler[]): Express {
  const app = express();
  app.disable('x-powered-by');
  app.use(express.json({ limit: '1mb', type: ['application/json', 'application/*+json'] }));
  app.use(validator);
  for (const op of operations)
    (app as unknown as Record<string, (p: string, h: express.RequestHandler) => void>)[op.method](toExpressPath(op.path), (req, res) => {
      res.json({ operation: op.operationId, params: req.params, query: req.query, body: req.body ?? null });
    });
  app.use((req, res) => res.status(404).json({ unrouted: req.path }));
  app.use(errorHandler(pino({ level: 'silent' })));
  return app;
}

type Answer = { status: number; type: string | null; allow: string | null; body: string };
type Sent = { method: string; path: string; body?: string; contentType?: string };

async function listen(app: Express): Promise<{ server: Server; url: string }> {
  const server = await new Promise<Server>((ok) => {
    const s = app.listen(0, '127.0.0.1', () => ok(s));
  });
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

// node:http, not fetch: thousands of requests here, at a third of fetch's CPU each (plain-request.ts).
async function send(base: string, r: Sent): Promise<Answer> {
  const res = await plainRequest(`${base}${r.path}`, {
    method: r.method,
    headers: r.body === undefined ? {} : { 'content-type': r.contentType ?? 'application/json' },
    body: r.body,
  });
  return { status: res.status, type: res.headers.get('content-type'), allow: res.headers.get('allow'), body: res.text };
}

const forUrl = (v: unknown) => (typeof v === 'object' && v !== null ? toJsonText(v) : String(v)).slice(0, 500);
const isSegment = (v: string) => v !== '' && v !== '.' && v !== '..';
const RAW_PATH_SEGMENTS = ['%', '%E0%A4%A', '%ED%A0%80', '%00', '%2F', '%FF'];
const RAW_JSON_BODIES = ['null', '[]', '"text"', '1e999', '{"__proto__":{"polluted":1}}', '{}', '{"unexpected":1}'];
const OTHER_METHOD: Record<string, string> = { get: 'PATCH', post: 'GET', put: 'GET', delete: 'GET', patch: 'GET' };

function requestFor(op: (typeof operations)[number], seed: number): Sent[] {
  const item = spec.paths[op.path];
  const operation = item[op.method];
  const context: SchemaContext = { resolve, known: {} };
  const parameters: Json[] = [...(item.parameters ?? []), ...(operation.parameters ?? [])].map(resolve);
  const pathParams = parameters.filter((p) => p.in === 'path');
  const queryParams = parameters.filter((p) => p.in === 'query');
  const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
  const generated = fc.record({
    path: fc.record(
      Object.fromEntries(
        pathParams.map((p) => [
          p.name,
          fc.oneof(
            { weight: 5, arbitrary: arbitraryFor(p.schema, context, 'valid', p.name).map(forUrl).filter(isSegment).map(encodeUtf8) },
            { weight: 3, arbitrary: arbitraryFor(p.schema, context, 'wild', p.name).map(forUrl).filter(isSegment).map(encodeUtf8) },
            { weight: 1, arbitrary: fc.constantFrom(...RAW_PATH_SEGMENTS) },
          ),
        ]),
      ),
    ) as fc.Arbitrary<Record<string, string>>,
    query: fc.tuple(
      ...queryParams.map((p) =>
        fc.option(
          fc.oneof(
            { weight: 6, arbitrary: arbitraryFor(p.schema, context, 'valid', p.name) },
            { weight: 3, arbitrary: p.schema?.type === 'integer' || p.schema?.type === 'number' ? hostileNumberText() : hostileString().map(forUrl) },
          ),
          { freq: 3 },
        ),
      ),
    ),
    unknownQuery: fc.boolean(),
    body: bodySchema
      ? fc.oneof(
          { weight: 6, arbitrary: arbitraryFor(bodySchema, context, 'valid').map(toJsonText) },
          { weight: 3, arbitrary: arbitraryFor(bodySchema, context, 'wild').map(toJsonText) },
          { weight: 1, arbitrary: fc.constantFrom(...RAW_JSON_BODIES) },
        )
      : fc.constant(undefined),
  });
  return fc.sample(generated, { seed, numRuns: SAMPLES_PER_OPERATION }).map((g) => {
    const pathname = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => g.path[name]);
    const pairs = g.query.flatMap((v, i): [string, string][] =>
      v === null ? [] : Array.isArray(v) ? v.map((x) => [queryParams[i].name, forUrl(x)]) : [[queryParams[i].name, forUrl(v)]],
    );
    if (g.unknownQuery) pairs.push(['not_in_the_spec', '1']);
    const search = pairs.map(([k, v]) => `${encodeUtf8(k)}=${encodeUtf8(v)}`).join('&');
    return { method: op.method.toUpperCase(), path: `${pathname}${search ? `?${search}` : ''}`, body: op.method === 'get' ? undefined : g.body };
  });
}

/** Every operation's generated requests, then the same paths with another method, a trailing slash, upper case, and paths the spec does not have. */
function corpus(): Sent[] {
  const sent: Sent[] = [];
  operations.forEach((op, i) => {
    const generated = requestFor(op, 1000 + i);
    sent.push(...generated);
    const first = generated[0];
    const [pathname, search] = first.path.split('?');
    sent.push({ ...first, method: OTHER_METHOD[op.method] ?? 'GET', body: undefined });
    sent.push({ ...first, path: `${pathname}/${search ? `?${search}` : ''}` });
    sent.push({ ...first, path: `${pathname.toUpperCase()}${search ? `?${search}` : ''}` });
    sent.push({ ...first, method: 'HEAD', body: undefined });
    if (first.body !== undefined) sent.push({ ...first, contentType: 'text/plain' }, { ...first, contentType: 'application/json; charset=utf-8' });
  });
  sent.push(
    ...[
      '/rest/not-in-the-spec',
      '/api/not/in/spec',
      '/webhooks/x',
      '/healthz',
      '/readyz',
      '/api/openapi.json',
      '/app/page',
      '/',
      '/rest',
      '/rest/',
      '/REST/session',
      '/rest//session',
      '/rest/session?x=1',
    ].flatMap((path) => [
      { method: 'GET', path },
      { method: 'POST', path, body: '{}' },
    ]),
  );
  return sent;
}

describe.each([
  ['responses checked (as in tests)', true],
  ['responses not checked (as in production)', false],
])('the contract validator answers as the package does, %s', (_name, validateResponses) => {
  let servers: Server[] = [];
  let library: string;
  let ours: string;

  beforeAll(async () => {
    const a = await listen(appWith(OpenApiValidator.middleware(contractOptions(spec, validateResponses) as never)));
    const b = await listen(appWith(contractValidator(contractOptions(spec, validateResponses))));
    servers = [a.server, b.server];
    library = a.url;
    ours = b.url;
  });
  afterAll(() => {
    for (const s of servers) s.close();
  });

  test('on requests to every operation, accepted and refused', { timeout: 600_000 }, async () => {
    const requests = corpus();
    const statuses = new Map<number, number>();
    for (const r of requests) {
      const [theirs, mine] = await Promise.all([send(library, r), send(ours, r)]);
      expect({ request: r, answer: mine }).toEqual({ request: r, answer: theirs });
      statuses.set(theirs.status, (statuses.get(theirs.status) ?? 0) + 1);
    }
    // The corpus reaches the handlers and each refusal the validator makes.
    expect([...statuses.keys()].sort()).toEqual(expect.arrayContaining(validateResponses ? [400, 404, 405, 500] : [200, 400, 404, 405]));
    expect(requests.length).toBeGreaterThan(operations.length * SAMPLES_PER_OPERATION);
  });
});
