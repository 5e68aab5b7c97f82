// The server validates every request against the spec before any handler runs (express-openapi-
// validator): a bad body, path or query is a 400 `invalid_request`, and a body that is not JSON a
// 400 `malformed_json`. The mocks do the same from the same bundled spec, so a request the
// server refuses is refused here too, with the same code, before any scenario rule runs.
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { ValidateFunction } from 'ajv';
import { http, type RequestHandler } from 'msw';
import bundled from '../generated/openapi.json';
import { problem } from './problem';

type Json = any;
const BASE = 'https://mocks.local/schemas/';
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** `#/components/schemas/X` as an id Ajv resolves; other local references followed by hand. */
function rewrite(node: Json): Json {
  if (Array.isArray(node)) return node.map(rewrite);
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' ? v.replace('#/components/schemas/', BASE) : rewrite(v)]),
  );
}

type Parameter = { name: string; in: string; required?: boolean; schema: Json };
type Operation = { matcher: RegExp; names: string[]; method: string; params: Parameter[]; body: { required: boolean; schema: Json } | null };

export function createRequestValidator(spec: Json = bundled) {
  // The spec's schemas are not checked against JSON Schema's meta-schema here: `make generate`
  // lints the spec, and the check compiled the meta-schema and walked every schema at each start,
  // about half the time the mocks took to start (54 of 144 ms in Node).
  const ajv = new Ajv2020({ allErrors: false, strict: false, allowUnionTypes: true, validateSchema: false });
  addFormats(ajv);
  for (const [name, schema] of Object.entries(spec.components?.schemas ?? {})) ajv.addSchema({ ...rewrite(schema), $id: BASE + name });
  const deref = (node: Json): Json => {
    while (node?.$ref && typeof node.$ref === 'string' && node.$ref.startsWith('#/') && !node.$ref.startsWith('#/components/schemas/'))
      node = node.$ref
        .slice(2)
        .split('/')
        .reduce((acc: Json, key: string) => acc?.[key], spec);
    return node;
  };

  const operations: Operation[] = Object.entries(spec.paths as Record<string, Json>).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((method) => {
      const op = item[method];
      const body = op.requestBody ? deref(op.requestBody) : null;
      const schema = body?.content?.['application/json']?.schema;
      return {
        method,
        names: [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!),
        matcher: new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '([^/]+)')}$`),
        params: [...(item.parameters ?? []), ...(op.parameters ?? [])].map(deref).filter((p: Parameter) => p.in === 'path' || p.in === 'query'),
        body: schema ? { required: !!body.required, schema } : null,
      };
    }),
  );

  const compiled = new Map<Json, ValidateFunction>();
  const valid = (schema: Json, value: unknown) => {
    let v = compiled.get(schema);
    if (!v) {
      v = ajv.compile(rewrite(schema));
      compiled.set(schema, v);
    }
    return v(value) ? null : (v.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`).join('; ');
  };
  /** A query or path value as its schema's type (the validator does this for parameters). */
  const coerce = (schema: Json, raw: string): unknown => {
    const type = deref(schema)?.type;
    if ((type === 'integer' || type === 'number') && raw.trim() !== '' && !Number.isNaN(Number(raw))) return Number(raw);
    if (type === 'boolean' && (raw === 'true' || raw === 'false')) return raw === 'true';
    return raw;
  };

  /** null when the request is as the spec says; otherwise the problem the server answers. */
  async function check(request: Request): Promise<Response | null> {
    const url = new URL(request.url);
    const method = request.method.toLowerCase();
    const op = operations.find((o) => o.method === method && o.matcher.test(url.pathname));
    if (!op) return null;
    const refuse = (detail: string) => problem(400, 'invalid_request', detail);
    const values = op.matcher.exec(url.pathname)!.slice(1).map(decodeURIComponent);
    for (const p of op.params) {
      const raw = p.in === 'path' ? values[op.names.indexOf(p.name)] : (url.searchParams.get(p.name) ?? undefined);
      if (raw === undefined) {
        if (p.required) return refuse(`must have required property '${p.name}'`);
        continue;
      }
      const error = valid(p.schema, coerce(p.schema, raw));
      if (error) return refuse(`${p.in}.${p.name}${error}`);
    }
    const known = new Set(op.params.filter((p) => p.in === 'query').map((p) => p.name));
    const unknown = [...url.searchParams.keys()].find((k) => !known.has(k));
    if (unknown) return refuse(`Unknown query parameter '${unknown}'`);
    if (!op.body) return null;
    const text = await request.clone().text();
    if (!text) return op.body.required ? refuse('request.body is required') : null;
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return problem(400, 'malformed_json', 'The request body is not valid JSON.');
    }
    const error = valid(op.body.schema, body);
    return error ? refuse(`request.body${error}`) : null;
  }

  return { check };
}

/** The first handler of a scenario: answers invalid requests, lets valid ones through. */
export function requestValidationHandler(validator = createRequestValidator()): RequestHandler {
  // Only the API's paths: the page's own assets are none of the validator's business.
  return http.all(/\/(rest|api)\/|\/(healthz|readyz)$/, async ({ request }) => (await validator.check(request)) ?? undefined);
}
