// The bundled contract, and the operations it declares.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const SPEC_PATH = fileURLToPath(new URL('../../generated/openapi.json', import.meta.url));

export type OpenApiDoc = { paths: Record<string, Record<string, { operationId?: string }>> };
export type Operation = { method: string; path: string; operationId: string };

export function loadSpec(): OpenApiDoc {
  return JSON.parse(readFileSync(SPEC_PATH, 'utf8'));
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);

export function operationsOf(spec: OpenApiDoc): Operation[] {
  return Object.entries(spec.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method, op]) => METHODS.has(method) && op.operationId)
      .map(([method, op]) => ({ method, path, operationId: op.operationId! })),
  );
}

/** `/rest/thread/{slug}` → `/rest/thread/:slug` */
export const toExpressPath = (path: string) => path.replace(/\{([^}]+)\}/g, ':$1');

/** Paths the API owns; everything else is the web app. */
export const isApiPath = (path: string) => /^\/(api|rest|webhooks|v1)(\/|$)/.test(path) || path === '/healthz' || path === '/readyz';
