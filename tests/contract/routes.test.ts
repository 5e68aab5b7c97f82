// Both ways between the contract and the server: every operation of the spec has a handler in
// services/app/routes.ts and is mounted, and the server mounts no API route the spec lacks.
import { describe, expect, test } from 'vitest';
import { loadConfig } from '../../services/shared/config.js';
import type { AppContext } from '../../services/app/context.js';
import { createLogger } from '../../services/app/logger.js';
import { routes } from '../../services/app/routes.js';
import { createApp } from '../../services/http/server.js';
import { isApiPath, loadSpec, operationsOf, toExpressPath } from '../../services/http/spec.js';

const spec = loadSpec();
const operations = operationsOf(spec);
// Served beside the API for people and tools, not API operations themselves.
const DOCUMENTATION = ['GET /api/openapi.json', 'GET /api/docs'];

const ctx = { config: loadConfig({}), logger: createLogger('silent'), storage: {} } as unknown as AppContext;

function mountedRoutes(app: ReturnType<typeof createApp>) {
  const stack = (app as unknown as { router: { stack: { route?: { path: string; methods: Record<string, boolean> } }[] } }).router.stack;
  return stack.flatMap((layer) => (layer.route ? Object.keys(layer.route.methods).map((m) => `${m.toUpperCase()} ${layer.route!.path}`) : []));
}

describe('spec and handlers', () => {
  test('every operation has an operationId, and no two share one', () => {
    const all = Object.values(spec.paths).flatMap((item) =>
      Object.entries(item)
        .filter(([m]) => ['get', 'put', 'post', 'delete', 'patch'].includes(m))
        .map(([, op]) => op.operationId),
    );
    expect(all.every(Boolean)).toBe(true);
    expect(new Set(all).size).toBe(all.length);
  });

  test('every operation that takes a body declares the 413 its parser answers past 1 MB (or a 4XX range)', () => {
    const missing = Object.values(spec.paths).flatMap((item) =>
      Object.entries(item as Record<string, { operationId?: string; requestBody?: unknown; responses?: Record<string, unknown> }>)
        .filter(([m, op]) => ['put', 'post', 'delete', 'patch'].includes(m) && op.requestBody && !op.responses?.['413'] && !op.responses?.['4XX'])
        .map(([, op]) => op.operationId),
    );
    expect(missing).toEqual([]);
  });

  test('every spec operation has a handler and every handler is a spec operation', () => {
    const inSpec = operations.map((o) => o.operationId).sort();
    const handled = Object.keys(routes).sort();
    expect(inSpec.filter((id) => !handled.includes(id))).toEqual([]);
    expect(handled.filter((id) => !inSpec.includes(id))).toEqual([]);
  });

  test('the server mounts exactly the spec operations under the API paths', () => {
    const mounted = mountedRoutes(createApp(ctx, routes)).filter((r) => isApiPath(r.split(' ')[1]));
    const expected = operations.map((o) => `${o.method.toUpperCase()} ${toExpressPath(o.path)}`);
    expect(mounted.filter((r) => !DOCUMENTATION.includes(r)).sort()).toEqual([...expected].sort());
  });

  test('a server missing a handler refuses to start, naming the operation', () => {
    const { getSession: _dropped, ...incomplete } = routes;
    expect(() => createApp(ctx, incomplete)).toThrow(/No handler for operation getSession \(GET \/rest\/session\)/);
  });
});
