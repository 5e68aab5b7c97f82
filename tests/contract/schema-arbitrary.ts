// fast-check values for a JSON Schema (the subset spec/ uses). `valid`: values the schema
// accepts, so requests get past the validator into the handlers, with hostile strings wherever
// a free-text string is allowed. `wild`: also hostile numbers, wrong types and missing or
// unknown properties, anywhere.
import fc from 'fast-check';
import { hostileNumber, hostileString } from './hostile.js';

type Json = any;
export type SchemaContext = {
  /** Resolves `#/components/...` references. */
  resolve: (schema: Json) => Json;
  /** Real values by property or parameter name (ids of things that exist), tried often. */
  known: Record<string, unknown[]>;
};

const MAX_DEPTH = 6;

export type Mode = 'valid' | 'wild';

export function arbitraryFor(schema: Json, ctx: SchemaContext, mode: Mode, name?: string, depth = 0): fc.Arbitrary<unknown> {
  const valid = validFor(ctx.resolve(schema) ?? {}, ctx, mode, name, depth);
  const known = name && ctx.known[name]?.length ? ctx.known[name] : null;
  return fc.oneof(
    { weight: 10, arbitrary: valid },
    ...(known ? [{ weight: 8, arbitrary: fc.constantFrom(...known) }] : []),
    ...(mode === 'wild'
      ? [
          { weight: 3, arbitrary: hostileString() },
          { weight: 1, arbitrary: hostileNumber() },
          { weight: 1, arbitrary: fc.constantFrom<unknown>(null, true, [], {}, 0) },
        ]
      : []),
  );
}

function validFor(s: Json, ctx: SchemaContext, mode: Mode, name: string | undefined, depth: number): fc.Arbitrary<unknown> {
  if (depth > MAX_DEPTH) return fc.constant(null);
  if ('const' in s) return fc.constant(s.const);
  if (Array.isArray(s.enum)) return fc.constantFrom(...s.enum);
  const alternatives = s.oneOf ?? s.anyOf;
  if (Array.isArray(alternatives)) return fc.oneof(...alternatives.map((a: Json) => validFor(ctx.resolve(a), ctx, mode, name, depth + 1)));
  if (Array.isArray(s.allOf)) return validFor(Object.assign({}, ...s.allOf.map(ctx.resolve)), ctx, mode, name, depth + 1);
  const type = Array.isArray(s.type) ? s.type : [s.type ?? (s.properties ? 'object' : 'string')];
  return fc.oneof(...type.map((t: string) => ofType(t, s, ctx, mode, name, depth)));
}

function ofType(type: string, s: Json, ctx: SchemaContext, mode: Mode, name: string | undefined, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer({ min: s.minimum ?? -1_000, max: s.maximum ?? 1_000_000 });
    case 'number':
      return fc.double({ min: s.minimum ?? -1e6, max: s.maximum ?? 1e6, noNaN: true, noDefaultInfinity: true });
    case 'array': {
      const items = s.items ? arbitraryFor(s.items, ctx, mode, name, depth + 1) : fc.string();
      const max = Math.min(s.maxItems ?? 5, 5);
      const arr = fc.array(items, { minLength: Math.min(s.minItems ?? 0, max), maxLength: max });
      return s.uniqueItems ? arr.map((a) => [...new Map(a.map((x) => [JSON.stringify(x), x])).values()]) : arr;
    }
    case 'object':
      return objectOf(s, ctx, mode, depth);
    default:
      return stringOf(s);
  }
}

function objectOf(s: Json, ctx: SchemaContext, mode: Mode, depth: number): fc.Arbitrary<unknown> {
  const properties: Record<string, Json> = s.properties ?? {};
  const required = new Set<string>(s.required ?? []);
  const record = fc.record(Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, arbitraryFor(v, ctx, mode, k, depth + 1)])), {
    requiredKeys: Object.keys(properties).filter((k) => required.has(k)),
  });
  // minProperties: a valid object has at least that many of its properties.
  if (mode === 'valid') return s.minProperties ? record.filter((v) => Object.keys(v as object).length >= s.minProperties) : record;
  // Now and then a required property goes missing or an unknown one comes along.
  return fc
    .tuple(record, fc.option(fc.constantFrom(...required, '__proto__', 'constructor'), { freq: 8 }), fc.option(hostileString(), { freq: 8 }))
    .map(([value, drop, extra]) => {
      const out: Record<string, unknown> = { ...(value as object) };
      if (drop && required.has(drop)) delete out[drop];
      else if (drop) Object.defineProperty(out, drop, { value: extra ?? 'x', enumerable: true, configurable: true, writable: true });
      return out;
    });
}

function stringOf(s: Json): fc.Arbitrary<string> {
  const minLength = s.minLength ?? 0;
  const maxLength = Math.min(s.maxLength ?? 60, 300);
  switch (s.format) {
    case 'uuid':
      return fc.uuid();
    case 'email':
      return fc.emailAddress();
    case 'date-time':
      return fc.date({ noInvalidDate: true, min: new Date('1970-01-01'), max: new Date('2100-01-01') }).map((d) => d.toISOString());
    case 'uri':
      return fc.webUrl();
  }
  if (s.pattern) return fc.stringMatching(new RegExp(s.pattern)).filter((x) => x.length >= minLength && x.length <= maxLength);
  // Free text: hostile strings too, cut or padded to the lengths the schema allows (counted in
  // code points, as JSON Schema does).
  const fit = (x: string) => {
    const points = [...x];
    return points.length < minLength ? x + 'x'.repeat(minLength - points.length) : points.slice(0, s.maxLength ?? points.length).join('');
  };
  return fc
    .oneof(
      { weight: 3, arbitrary: fc.string({ minLength, maxLength: Math.max(minLength, maxLength), unit: 'grapheme' }) },
      { weight: 2, arbitrary: hostileString() },
    )
    .map(fit);
}
