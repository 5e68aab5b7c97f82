// The contract validator takes the generated spec without the package's bundling step
// (validator-library.ts): that holds while bundling leaves the spec as it is, one document
// whose $refs all point inside it.
import { createRequire } from 'node:module';
import { expect, test } from 'vitest';
import { loadSpec } from './spec.js';

// The ref parser express-openapi-validator itself bundles with.
const inPackage = createRequire(createRequire(import.meta.url).resolve('express-openapi-validator'));
const $RefParser = inPackage('@apidevtools/json-schema-ref-parser') as { bundle(doc: unknown): Promise<unknown> };

test('bundling the generated spec leaves it as it is', async () => {
  const spec = loadSpec();
  const refs = JSON.stringify(spec).match(/"\$ref":"[^"]*"/g) ?? [];
  expect(refs.length).toBeGreaterThan(100);
  expect(refs.filter((r) => !r.startsWith('"$ref":"#/'))).toEqual([]);
  expect(await $RefParser.bundle(structuredClone(spec))).toEqual(spec);
});
