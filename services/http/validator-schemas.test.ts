// patches/express-openapi-validator+5.6.2.patch: an operation's validators are compiled with only
// the components their schemas reach, not the whole document. Ajv walks every schema it is given,
// so each operation's first request, and each of its responses, paid for the whole spec: about a
// third of a test server's CPU.
import express from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { afterEach, expect, test, vi } from 'vitest';

const ajvOfValidator = createRequire(createRequire(import.meta.url).resolve('express-openapi-validator'))('ajv/dist/core') as {
  default: { prototype: { addSchema: (schema: unknown, key?: string) => unknown } };
};

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const spec = {
  openapi: '3.1.0',
  info: { title: 't', version: '1' },
  paths: {
    '/notes': {
      post: {
        requestBody: { required: true, content: { 'application/json': { schema: ref('NoteInput') } } },
        responses: { '200': { description: 'ok', content: { 'application/json': { schema: ref('Note') } } } },
      },
    },
  },
  components: {
    schemas: {
      NoteInput: { type: 'object', required: ['title', 'tag'], additionalProperties: false, properties: { title: { type: 'string' }, tag: ref('Tag') } },
      Note: { type: 'object', required: ['id', 'tag'], properties: { id: { type: 'string' }, tag: ref('Tag') } },
      Tag: { type: 'object', required: ['name'], properties: { name: { type: 'string', minLength: 1 } } },
      // Schemas no operation here uses, as a large spec has many.
      ...Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`Unused${i}`, { type: 'object', properties: { n: { type: 'integer' } } }])),
    },
  },
};

afterEach(() => vi.restoreAllMocks());

test('requests and responses are checked through nested references, compiled with only the schemas they reach', async () => {
  const addSchema = vi.spyOn(ajvOfValidator.default.prototype, 'addSchema');
  const app = express();
  app.use(express.json());
  app.use(OpenApiValidator.middleware({ apiSpec: structuredClone(spec) as never, validateRequests: true, validateResponses: true }));
  // Answers with the tag it was sent, and no id for the title "no id": a response the spec refuses.
  app.post('/notes', (req, res) => {
    res.json({ ...(req.body.title === 'no id' ? {} : { id: 'n1' }), tag: req.body.tag });
  });
  app.use((err: { status?: number; message: string }, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    res.status(err.status ?? 500).json({ message: err.message });
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const post = async (body: unknown) => {
      const res = await fetch(`${base}/notes`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return { status: res.status, body: (await res.json()) as { message?: string; tag?: unknown } };
    };

    expect(await post({ title: 'a', tag: { name: 'work' } })).toEqual({ status: 200, body: { id: 'n1', tag: { name: 'work' } } });
    // Two references deep (NoteInput → Tag): still checked.
    const nested = await post({ title: 'a', tag: { name: '' } });
    expect(nested.status).toBe(400);
    expect(nested.body.message).toContain('/body/tag/name');
    // The response's schema (Note → Tag) is checked too.
    const response = await post({ title: 'no id', tag: { name: 'work' } });
    expect(response.status).toBe(500);
    expect(response.body.message).toContain('id');

    const compiledWithComponents = addSchema.mock.calls
      .map(([schema]) => schema as { components?: { schemas?: Record<string, unknown> } })
      .filter((schema) => schema?.components);
    const reached = compiledWithComponents.map((schema) => Object.keys(schema.components?.schemas ?? {}).sort());
    // The request's parameters (no schema), its body and the response (NoteInput and Note come
    // inlined, Tag by reference): none of the Unused ones.
    expect(reached.sort()).toEqual([[], ['Tag'], ['Tag']]);
  } finally {
    server.close();
  }
});
