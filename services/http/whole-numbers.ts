// The contract validator coerces query strings such as `Infinity`, `1e999`, `0x10` or ` 5` to
// numbers and lets some through as integers; a handler's Number() then passed Infinity to SQL
// (500). A query or path parameter the spec types as an integer must be written as one, in digits.
import type { RequestHandler } from 'express';
import { HttpProblem } from './problem.js';

const WHOLE = /^-?(0|[1-9][0-9]{0,15})$/;
type Parameter = { in?: string; name?: string; schema?: { type?: string | string[] }; $ref?: string };

/**
 * A path parameter as the request wrote it: the validator's own value is coerced (' ' and a tab
 * became 0 and passed as whole numbers, while the handler got the text: a 500 from SQL, the fuzz
 * test's counterexample on the agent screenshot's step).
 */
function pathSegmentOf(route: string | undefined, path: string, name: string): string {
  const at = (route ?? '').split('/').indexOf(`{${name}}`);
  const segment = at < 0 ? undefined : path.split('/')[at];
  if (segment === undefined) return '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Runs after the OpenAPI validator, which puts the matched operation on `req.openapi`. */
export function wholeNumberQueries(spec: unknown): RequestHandler {
  const resolve = (p: Parameter): Parameter =>
    p.$ref
      ? (p.$ref
          .slice(2)
          .split('/')
          .reduce((node: Record<string, unknown> | undefined, key) => node?.[key] as Record<string, unknown>, spec as Record<string, unknown>) ?? {})
      : p;
  return (req, _res, next) => {
    const openapi = (req as { openapi?: { schema?: { parameters?: Parameter[] }; openApiRoute?: string } }).openapi;
    const operation = openapi?.schema;
    if (!operation?.parameters) return next();
    const query = req.originalUrl.indexOf('?');
    const raw = new URLSearchParams(query < 0 ? '' : req.originalUrl.slice(query));
    for (const p of operation.parameters.map(resolve)) {
      const type = p.schema?.type;
      if ((p.in !== 'query' && p.in !== 'path') || !p.name || !(type === 'integer' || (Array.isArray(type) && type.includes('integer')))) continue;
      const values = p.in === 'query' ? raw.getAll(p.name) : [pathSegmentOf(openapi?.openApiRoute, req.path, p.name)];
      for (const value of values)
        if (!WHOLE.test(value) || !Number.isSafeInteger(Number(value)))
          return next(new HttpProblem(400, 'invalid_request', `/${p.in === 'query' ? 'query' : 'params'}/${p.name} must be a whole number written in digits`));
    }
    next();
  };
}
