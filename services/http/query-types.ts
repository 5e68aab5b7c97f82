// Query parameters arrive as text; the validator checks them against their schema types but
// hands the handler the text (Express 5 parses the query anew on each read). The typed handler
// input promises the spec's types, so numbers and booleans are converted here, once validated.
import type { OpenApiDoc } from './spec.js';

type Schema = { type?: string | string[]; $ref?: string };
type Parameter = { in?: string; name?: string; schema?: Schema; $ref?: string };
type Query = Record<string, unknown>;

const resolve = <T extends { $ref?: string }>(doc: unknown, node: T | undefined): T | undefined =>
  node?.$ref
    ? (node.$ref
        .slice(2)
        .split('/')
        .reduce<unknown>((at, key) => (at as Record<string, unknown>)?.[key], doc) as T)
    : node;

/** The converter of one operation's query, or null when all its query parameters are text. */
export function queryConverter(doc: OpenApiDoc, path: string, method: string): ((query: Query) => Query) | null {
  const item = doc.paths[path] as Record<string, { parameters?: Parameter[] } | Parameter[] | undefined>;
  const op = item?.[method] as { parameters?: Parameter[] } | undefined;
  const parameters = [...((item?.parameters as Parameter[] | undefined) ?? []), ...(op?.parameters ?? [])].map((p) => resolve(doc, p)!);
  const converts: [string, (value: string) => unknown][] = [];
  for (const p of parameters) {
    if (p.in !== 'query' || !p.name) continue;
    const type = resolve(doc, p.schema)?.type;
    const types = Array.isArray(type) ? type : [type];
    if (types.includes('integer') || types.includes('number')) converts.push([p.name, Number]);
    else if (types.includes('boolean')) converts.push([p.name, (v) => v === 'true']);
  }
  if (!converts.length) return null;
  return (query) => {
    const out = { ...query };
    for (const [name, convert] of converts) if (typeof out[name] === 'string') out[name] = convert(out[name] as string);
    return out;
  };
}
