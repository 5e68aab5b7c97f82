// Which operation a request calls, decided as express-openapi-validator's metadata middleware
// decides it: the first route, in the package's order, whose pattern matches the path; 405 when
// that path has no such method; 404 for any other path under the API. The package tries every
// route's pattern in turn (161 paths: a literal path late in the order paid for a hundred
// regular expressions); here a literal path is a Map lookup, and only the routes with
// parameters that come before it in the order, and share its literal start, are tried.
import type { Request } from 'express';
import { createRequire } from 'node:module';
import { library, type ApiDoc, type RouteContext } from './validator-library.js';

const { pathToRegexp } = createRequire(createRequire(import.meta.url).resolve('express-openapi-validator'))('path-to-regexp') as {
  pathToRegexp: (path: string, opts: { sensitive: boolean; strict: boolean }) => { regexp: RegExp; keys: { name: string }[] };
};

/** Characters path-to-regexp reads as themselves: a route made only of them is a literal path. */
const LITERAL = /^[A-Za-z0-9/_.~-]*$/;
const FIRST_SPECIAL = /[^A-Za-z0-9/_.~-]/;

type Route = {
  index: number;
  expressRoute: string;
  openApiRoute: string;
  pathKey: string;
  regexp: RegExp;
  paramKeys: string[];
  /** Lower-cased; every path the pattern matches starts with it, lower-cased (ASCII letters only fold to ASCII). */
  prefix: string;
};

type Compiled = { literal: Map<string, Route>; patterned: Route[]; all: Route[] };

export type OpenApiMetadata = {
  expressRoute: string;
  openApiRoute: string;
  pathParams: Record<string, string>;
  schema: unknown;
  serial: number;
  _responseSchema?: unknown;
};

/** Puts the operation on `req.openapi` (and its parameters on `req.params`), or throws the package's 400, 404 or 405. */
export function operationLookup(context: RouteContext, responseApiDoc: ApiDoc | null) {
  const compiled = new Map<string, Compiled>();

  function compile(sensitive: boolean, strict: boolean): Compiled {
    const key = `${sensitive ? 1 : 0}${strict ? 1 : 0}`;
    let c = compiled.get(key);
    if (c) return c;
    const all = Object.entries(context.expressRouteMap).map(([expressRoute, methods], index): Route => {
      const openApiRoute = methods._openApiRoute;
      const { regexp, keys } = pathToRegexp(expressRoute, { sensitive, strict });
      const special = FIRST_SPECIAL.exec(expressRoute);
      return {
        index,
        expressRoute,
        openApiRoute,
        pathKey: openApiRoute.substring(methods.basePath.length),
        regexp,
        paramKeys: keys.map((k) => k.name),
        prefix: (special ? expressRoute.slice(0, special.index) : expressRoute).toLowerCase(),
      };
    });
    const literal = new Map<string, Route>();
    const patterned: Route[] = [];
    for (const r of all) {
      if (LITERAL.test(r.expressRoute)) {
        if (!literal.has(r.prefix)) literal.set(r.prefix, r);
      } else patterned.push(r);
    }
    c = { literal, patterned, all };
    compiled.set(key, c);
    return c;
  }

  /** The first route (in order) whose pattern matches `path`, with the match. */
  function find(path: string, c: Compiled): { route: Route; match: RegExpExecArray } | null {
    const lower = path.toLowerCase();
    // A literal route matches its own path, in any case when not case-sensitive, with or without one trailing slash.
    const exact = c.literal.get(lower);
    const trimmed = lower.length > 1 && lower.endsWith('/') ? c.literal.get(lower.slice(0, -1)) : undefined;
    const candidate = exact && trimmed ? (exact.index < trimmed.index ? exact : trimmed) : (exact ?? trimmed);
    const candidateMatch = candidate ? candidate.regexp.exec(path) : null;
    if (candidate && !candidateMatch) {
      // Not what the lower-cased lookup suggested (case-sensitive routing, strict routing): try every route in order.
      for (const route of c.all) {
        const match = route.regexp.exec(path);
        if (match) return { route, match };
      }
      return null;
    }
    for (const route of c.patterned) {
      if (candidate && route.index > candidate.index) break;
      if (!lower.startsWith(route.prefix)) continue;
      const match = route.regexp.exec(path);
      if (match) return { route, match };
    }
    return candidate && candidateMatch ? { route: candidate, match: candidateMatch } : null;
  }

  return function lookUpOperation(req: Request) {
    const path = req.path.startsWith(req.baseUrl) ? req.path : `${req.baseUrl}/${req.path}`;
    if (context.shouldIgnoreRoute(path)) return;
    const url = context.useRequestUrl ? req.url : req.originalUrl;
    const found = find(url.split('?')[0], compile(!!req.app.enabled('case sensitive routing'), !!req.app.enabled('strict routing')));
    if (!found) {
      if (context.isManagedRoute(path) && !context.ignoreUndocumented) throw new library.errors.NotFound({ path: req.path, message: 'not found' });
      return;
    }
    const { route, match } = found;
    const method = req.method.toLowerCase();
    const schema = context.apiDoc.paths[route.pathKey][method];
    let pathParams: Record<string, string>;
    try {
      const values = match.slice(1).map(decodeURIComponent);
      pathParams = {};
      for (const [i, key] of route.paramKeys.entries()) pathParams[key] = values[i];
    } catch {
      throw new library.errors.BadRequest({ path: req.path, message: `malformed uri'` });
    }
    if (!schema) {
      // The path is the API's, the method is not.
      if (context.ignoreUndocumented) return;
      throw new library.errors.MethodNotAllowed({
        path: req.path,
        message: `${req.method} method not allowed`,
        headers: {
          Allow: Object.keys(context.openApiRouteMap[route.openApiRoute])
            .filter((key) => library.httpMethods.has(key.toLowerCase()))
            .join(', '),
        },
      });
    }
    const openapi: OpenApiMetadata = { expressRoute: route.expressRoute, openApiRoute: route.openApiRoute, pathParams, schema, serial: context.serial };
    if (responseApiDoc) openapi._responseSchema = responseApiDoc.paths[route.pathKey][method];
    (req as Request & { openapi?: OpenApiMetadata }).openapi = openapi;
    req.params = pathParams;
  };
}
