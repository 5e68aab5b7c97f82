import { createRequire } from 'node:module';
import { expect, test, vi } from 'vitest';
import { cacheRouteMatchers } from './route-matchers.js';

type Compiled = { regexp: RegExp; keys: { name: string }[] };
const real = createRequire(import.meta.url)('path-to-regexp') as { pathToRegexp: (path: string, options?: object) => Compiled };

/** A module like path-to-regexp's, with its compile counted. */
function countedModule() {
  const compile = vi.fn(real.pathToRegexp);
  return { module: { pathToRegexp: compile as (path: unknown, options?: object) => unknown }, compile };
}

test('a pattern is compiled once per routing option, and matches as the uncached one does', () => {
  const { module, compile } = countedModule();
  cacheRouteMatchers(module);
  const lookup = (options: object) => module.pathToRegexp('/rest/thread/:slug', options) as Compiled;
  const first = lookup({ sensitive: false, strict: false });
  for (let i = 0; i < 5; i++) expect(lookup({ sensitive: false, strict: false })).toBe(first);
  expect(compile).toHaveBeenCalledTimes(1);
  // Shared, it still matches every time: no g flag, no state between matches.
  for (let i = 0; i < 3; i++) expect(first.regexp.exec('/rest/thread/HOW-to')?.[1]).toBe('HOW-to');
  expect(first.keys.map((k) => k.name)).toEqual(['slug']);
  expect(lookup({ sensitive: true, strict: false }).regexp.test('/REST/thread/x')).toBe(false);
  expect(first.regexp.test('/REST/thread/x')).toBe(true);
  expect(compile).toHaveBeenCalledTimes(2);
});

test('other options and non-string paths are compiled every time, as before', () => {
  const { module, compile } = countedModule();
  cacheRouteMatchers(module);
  module.pathToRegexp('/a/:b', { end: false });
  module.pathToRegexp('/a/:b', { end: false });
  module.pathToRegexp(['/a', '/b']);
  expect(compile).toHaveBeenCalledTimes(3);
});

test('caching twice wraps once', () => {
  const { module, compile } = countedModule();
  cacheRouteMatchers(module);
  const once = module.pathToRegexp;
  cacheRouteMatchers(module);
  expect(module.pathToRegexp).toBe(once);
  module.pathToRegexp('/x', {});
  module.pathToRegexp('/x', {});
  expect(compile).toHaveBeenCalledTimes(1);
});
