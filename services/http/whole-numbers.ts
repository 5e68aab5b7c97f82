// The contract validator coerces query strings such as `Infinity`, `1e999`, `0x10` or ` 5` to
// numbers and lets some through as integers; a handler's Number() then passed Infinity to SQL
// (500). A query or path parameter the spec types as an integer must be written as one, in digits.
// Path parameters are read from the path itself: the validator coerces its own copy in place
// (a blank step became 0 there and reached PostgreSQL as '').
import type { RequestHandler } from 'express';
import { HttpProblem } from './problem.js';

const WHOLE = /^-?(0|[1-9][0-9]{0,15})$/;
type Parameter = { in?: string; name?: string; schema?: { type?: string | string[] }; $ref?: string };

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
    const openapi = (req as { openapi?: { schema?: { parameters?: Parameter[] }; expressRoute?: string } }).openapi;
    const operation = openapi?.schema;
    if (!operation?.parameters) return next();
    const query = req.originalUrl.indexOf('?');
    const raw = new URLSearchParams(query < 0 ? '' : req.originalUrl.slice(query));
    const pathParams = rawPathParams(openapi?.expressRoute ?? '', query < 0 ? req.originalUrl : req.originalUrl.slice(0, query));
    for (const p of operation.parameters.map(resolve)) {
      const type = p.schema?.type;
      if ((p.in !== 'query' && p.in !== 'path') || !p.name || !(type === 'integer' || (Array.isArray(type) && type.includes('integer')))) continue;
      const values = p.in === 'query' ? raw.getAll(p.name) : [pathParams.get(p.name) ?? ''];
      for (const value of values)
        if (!WHOLE.test(value) || !Number.isSafeInteger(Number(value)))
          return next(new HttpProblem(400, 'invalid_request', `/${p.in === 'query' ? 'query' : 'params'}/${p.name} must be a whole number written in digits`));
    }
    next();
  };
}

/** The path's own text for each `:name` segment of the Express route it matched (a name spans one segment). */
export function rawPathParams(expressRoute: string, path: string) {
  const params = new Map<string, string>();
  const names = expressRoute.split('/');
  const values = path.split('/');
  // Routing is not strict: a trailing slash matches the route without it.
  if (values.length === names.length + 1 && values.at(-1) === '') values.pop();
  if (names.length !== values.length) return params;
  names.forEach((name, i) => {
    if (!name.startsWith(':')) return;
    try {
      params.set(name.slice(1), decodeURIComponent(values[i]));
    } catch {
      params.set(name.slice(1), values[i]);
    }
  });
  return params;
}
