// The request generator of the fuzz test is right about the spec: what it makes in `valid` mode
// passes the spec's own schemas (so fuzz cases reach the handlers), hostile text included.
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { arbitraryFor } from './schema-arbitrary.js';
import { createSpecValidator } from './spec-validator.js';

type Json = any;
const validator = createSpecValidator();
const spec = validator.spec as Json;
const resolve = (node: Json): Json => {
  while (node?.$ref)
    node = node.$ref
      .slice(2)
      .split('/')
      .reduce((acc: Json, key: string) => acc?.[key], spec);
  return node;
};

test('valid-mode request bodies and parameters of every operation pass the spec', () => {
  let checked = 0;
  for (const op of validator.operations) {
    const body = op.op.requestBody?.content?.['application/json']?.schema;
    const parameters: Json[] = [...(spec.paths[op.path].parameters ?? []), ...(op.op.parameters ?? [])].map(resolve).filter((p) => p.schema);
    const schemas: [string, Json][] = [
      ...(body ? [[`${op.operationId} body`, body] as [string, Json]] : []),
      ...parameters.map((p): [string, Json] => [`${op.operationId} ${p.name}`, p.schema]),
    ];
    for (const [key, schema] of schemas) {
      fc.assert(
        fc.property(arbitraryFor(schema, { resolve, known: {} }, 'valid'), (value) => {
          expect(validator.checkValue(key, schema, value)).toEqual([]);
        }),
        { numRuns: 30 },
      );
      checked++;
    }
  }
  expect(checked).toBeGreaterThan(50);
});
