// express-openapi-validator 5.6 compiles the path pattern of every route it scans, on every
// request, until one matches (lookupRoute in its openapi.metadata.js): about 5 % of the server's
// CPU under load. Until its fix (cdimascio/express-openapi-validator#1217, "cache route
// matchers") is released, path-to-regexp's compiled patterns are remembered here. The validator
// reads `pathToRegexp` from the module at each call, so replacing it there is enough; Express's
// router compiles its routes once and gets the same results.
import { createRequire } from 'node:module';

type Compile = (path: unknown, options?: { sensitive?: boolean; strict?: boolean; [other: string]: unknown }) => unknown;
const pathToRegexpModule = createRequire(import.meta.url)('path-to-regexp') as { pathToRegexp: Compile };

/** Route patterns are the app's own and few; anything past this is compiled every time, as before. */
const MAX_PATTERNS = 2_000;
const CACHING = Symbol('caching');

export function cacheRouteMatchers(module: { pathToRegexp: Compile } = pathToRegexpModule) {
  const compile = module.pathToRegexp;
  if ((compile as { [CACHING]?: true })[CACHING]) return;
  const compiled = new Map<string, unknown>();
  const cached: Compile = (path, options = {}) => {
    // Only the options the validator passes; the result holds a RegExp without the g or y flag,
    // so sharing it keeps no state between matches.
    const plain = typeof path === 'string' && Object.keys(options).every((k) => k === 'sensitive' || k === 'strict');
    if (!plain) return compile(path, options);
    const key = `${options.sensitive ? 1 : 0}${options.strict ? 1 : 0}${path}`;
    let hit = compiled.get(key);
    if (hit === undefined) {
      hit = compile(path, options);
      if (compiled.size < MAX_PATTERNS) compiled.set(key, hit);
    }
    return hit;
  };
  module.pathToRegexp = Object.assign(cached, { [CACHING]: true as const });
}
