// Validates an HTTP response against the bundled spec (generated/openapi.json) with Ajv's
// JSON Schema 2020-12 dialect, as OpenAPI 3.1 uses: finds the operation by method and path,
// the response by exact status, then its range (4XX), then `default`, and checks the
// content type and the body.
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { ValidateFunction } from 'ajv';
import { loadSpec } from '../../services/http/spec.js';

type Json = any;
const BASE = 'https://contract.test/schemas/';
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

export type SpecOperation = { method: string; path: string; operationId: string; op: Json; matcher: RegExp };

export function createSpecValidator() {
  const spec = loadSpec() as Json;
  const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
  addFormats(ajv);
  // `#/components/schemas/X` → an absolute id Ajv can resolve in strict mode.
  const rewrite = (node: Json): Json =>
    Array.isArray(node)
      ? node.map(rewrite)
      : node && typeof node === 'object'
        ? Object.fromEntries(
            Object.entries(node).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' ? v.replace('#/components/schemas/', BASE) : rewrite(v)]),
          )
        : node;
  for (const [name, schema] of Object.entries(spec.components?.schemas ?? {})) ajv.addSchema({ ...rewrite(schema), $id: BASE + name });

  const resolve = (node: Json): Json => {
    while (node?.$ref && typeof node.$ref === 'string' && node.$ref.startsWith('#/')) {
      node = node.$ref
        .slice(2)
        .split('/')
        .map((p: string) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
        .reduce((acc: Json, key: string) => acc?.[key], spec);
    }
    return node;
  };

  const operations: SpecOperation[] = Object.entries(spec.paths as Record<string, Json>).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((method) => ({
      method,
      path,
      operationId: item[method].operationId,
      op: item[method],
      matcher: new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
    })),
  );

  const compiled = new Map<string, ValidateFunction>();
  const validatorFor = (key: string, schema: Json): ValidateFunction => {
    const cached = compiled.get(key);
    if (cached) return cached;
    const v = ajv.compile(rewrite(schema));
    compiled.set(key, v);
    return v;
  };

  function find(method: string, pathname: string) {
    return operations.find((o) => o.method === method.toLowerCase() && o.matcher.test(pathname));
  }

  /** Returns a list of what does not match; empty when the response is as the spec says. */
  function check(method: string, pathname: string, status: number, contentType: string | null, body: string): string[] {
    const operation = find(method, pathname);
    if (!operation) return [`${method.toUpperCase()} ${pathname} is not in the spec`];
    const responses = operation.op.responses ?? {};
    const key = [String(status), `${String(status)[0]}XX`, 'default'].find((k) => k in responses);
    if (!key) return [`${operation.operationId}: status ${status} is not declared (declared: ${Object.keys(responses).join(', ')})`];
    const response = resolve(responses[key]);
    const content = response.content as Record<string, Json> | undefined;
    if (!content) return body.length ? [`${operation.operationId} ${status}: the spec declares no body but one was sent`] : [];
    const type = (contentType ?? '').split(';')[0].trim();
    const media = content[type];
    if (!media) return [`${operation.operationId} ${status}: content type "${type}" is not declared (declared: ${Object.keys(content).join(', ')})`];
    // A stream (text/event-stream) is a declared type with a text body: its events are checked by whoever reads them.
    if (!type.endsWith('json')) return [];
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return [`${operation.operationId} ${status}: body is not JSON: ${body.slice(0, 200)}`];
    }
    const validate = validatorFor(`${operation.operationId} ${key} ${type}`, media.schema ?? {});
    if (validate(parsed)) return [];
    return (validate.errors ?? []).map((e) => `${operation.operationId} ${status}: ${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`);
  }

  /** Reads a fetch Response (without consuming the caller's copy) and checks it. */
  async function checkResponse(method: string, url: string, res: Response) {
    const body = await res.clone().text();
    return check(method, new URL(url).pathname, res.status, res.headers.get('content-type'), body);
  }

  /** What does not match in a value checked against a schema of the spec (refs included). */
  function checkValue(key: string, schema: Json, value: unknown): string[] {
    const validate = validatorFor(`value ${key}`, schema);
    return validate(value) ? [] : (validate.errors ?? []).map((e) => `${key}: ${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`);
  }

  return { spec, operations, find, check, checkResponse, checkValue };
}
