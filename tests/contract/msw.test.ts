// The generated MSW handlers (generated/msw) are what the web app runs against with no backend:
// every one must answer what the spec says the server answers, and every operation of the
// spec must have one.
import { getResponse, type RequestHandler } from 'msw';
import { describe, expect, test } from 'vitest';
import * as generated from '../../generated/msw/index.msw.js';
import { createSpecValidator, type SpecOperation } from './spec-validator.js';

const validator = createSpecValidator();
const handlers = Object.values(generated).flatMap((make) => (make as () => RequestHandler[])());
const ORIGIN = 'http://localhost:5173';
const RUNS = 40; // the mocks answer with random data: try each many times
// Server-sent event streams (tags answer-stream, index-stream, notification-stream) are left out of orval on purpose: the web app
// reads them with the hey-api client or EventSource, and mocks/ scripts them by hand.
const SSE_TAGS = ['answer-stream', 'index-stream', 'notification-stream'];
const isSse = (op: SpecOperation) => ((op.op.tags ?? []) as string[]).some((t) => SSE_TAGS.includes(t));
// Addresses a browser is redirected to (an identity provider's callback) are left out too: no client calls them.
const isBrowserRedirect = (op: SpecOperation) => ((op.op.tags ?? []) as string[]).includes('browser-redirect');
// The OpenAI-compatible answer API (/v1) is for programs with an API key, not the web app: no mocks.
const isAnswerApi = (op: SpecOperation) => ((op.op.tags ?? []) as string[]).includes('answer-api');
const mocked = validator.operations.filter((op) => !isSse(op) && !isBrowserRedirect(op) && !isAnswerApi(op));

/** A request body that satisfies the operation's request schema (its required fields). */
function sampleOf(schema: any): unknown {
  schema = resolve(schema);
  if (!schema) return undefined;
  if (schema.oneOf) return sampleOf(schema.oneOf[0]);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'object') return Object.fromEntries((schema.required ?? []).map((k: string) => [k, sampleOf(schema.properties?.[k])]));
  if (type === 'array') return [];
  if (type === 'integer' || type === 'number') return schema.minimum ?? 1;
  if (type === 'boolean') return true;
  if (schema.enum) return schema.enum[0];
  if (schema.format === 'email') return 'ada@example.com';
  return 'x'.repeat(Math.max(schema.minLength ?? 1, 8));
}
function resolve(node: any): any {
  while (node?.$ref)
    node = node.$ref
      .slice(2)
      .split('/')
      .reduce((a: any, k: string) => a?.[k], validator.spec);
  return node;
}

function requestFor(op: SpecOperation) {
  const url = ORIGIN + op.path.replace(/\{[^}]+\}/g, 'sample');
  const schema = op.op.requestBody?.content?.['application/json']?.schema;
  return new Request(url, {
    method: op.method.toUpperCase(),
    ...(schema ? { body: JSON.stringify(sampleOf(schema)), headers: { 'content-type': 'application/json' } } : {}),
  });
}

describe('generated MSW handlers', () => {
  test('the streaming operations are the ones left out, and only they', () => {
    expect(
      validator.operations
        .filter(isSse)
        .map((op) => op.operationId)
        .sort(),
    ).toEqual(['askQuestion', 'followIndexFiles', 'streamEntryEvents', 'streamIndexFiles', 'streamNotifications']);
    expect(
      validator.operations
        .filter(isBrowserRedirect)
        .map((op) => op.operationId)
        .sort(),
    ).toEqual(['connectionOAuthCallbackMerge', 'connectorOAuthCallback', 'mcpOAuthCallback', 'oauthCallback', 'ssoCallback']);
  });

  test('every spec operation has a mock handler, and every mock handler is a spec operation', async () => {
    const unmocked: string[] = [];
    for (const op of mocked) if (!(await getResponse(handlers, requestFor(op)))) unmocked.push(op.operationId);
    expect(unmocked).toEqual([]);

    const unknown = handlers
      .map((h) => h.info as { method?: string; path?: string })
      .filter(
        (info) =>
          !validator.find(
            String(info.method),
            String(info.path)
              .replace(/^\*/, '')
              .replace(/:[^/]+/g, 'sample'),
          ),
      )
      .map((info) => `${info.method} ${info.path}`);
    expect(unknown).toEqual([]);
  });

  test.each(mocked.map((op) => [op.operationId, op] as const))('%s answers as the spec says', async (_id, op) => {
    const problems = new Set<string>();
    for (let i = 0; i < RUNS; i++) {
      const request = requestFor(op);
      const response = await getResponse(handlers, request);
      expect(response, `no mock answers ${op.method.toUpperCase()} ${op.path}`).toBeDefined();
      for (const p of await validator.checkResponse(op.method, request.url, response!)) problems.add(p);
    }
    expect([...problems]).toEqual([]);
  });
});

describe('the validator itself', () => {
  // Guards against a contract test that passes because it checks nothing.
  test('refuses a body, a status or a content type the spec does not declare', () => {
    expect(validator.check('get', '/rest/session', 200, 'application/json', JSON.stringify({ user: null, visitor_id: 'v' }))).toEqual([]);
    expect(validator.check('get', '/rest/session', 200, 'application/json', JSON.stringify({ user: null }))).not.toEqual([]);
    expect(validator.check('get', '/rest/session', 200, 'application/json', JSON.stringify({ user: { id: 'u' }, visitor_id: 'v' }))).not.toEqual([]);
    expect(validator.check('get', '/rest/session', 200, 'text/html', '{}')).not.toEqual([]);
    expect(validator.check('post', '/rest/organizations', 200, 'application/json', '{}')).not.toEqual([]);
    expect(
      validator.check(
        'get',
        '/rest/mail/outbox',
        401,
        'application/problem+json',
        JSON.stringify({ type: 'about:blank', title: 'Unauthorized', status: 401, code: 'unauthenticated' }),
      ),
    ).toEqual([]);
    expect(validator.check('get', '/rest/mail/outbox', 401, 'application/problem+json', JSON.stringify({ status: 401 }))).not.toEqual([]);
    const badDate = { items: [{ id: 'm', to: 't', subject: 's', text: 'x', status: 'queued', queued_at: 'yesterday', delivered_at: null }] };
    expect(validator.check('get', '/rest/mail/outbox', 200, 'application/json', JSON.stringify(badDate))).not.toEqual([]);
    expect(validator.check('get', '/rest/nothing', 200, 'application/json', '{}')).not.toEqual([]);
  });
});
