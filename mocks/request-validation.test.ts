// The mocks refuse what the server's validator refuses, with its codes, and let the rest through.
import { describe, expect, test } from 'vitest';
import { createRequestValidator } from './request-validation';

const validator = createRequestValidator();
const send = (method: string, path: string, body?: string) =>
  validator.check(new Request(`http://app.test${path}`, { method, body, headers: body === undefined ? {} : { 'content-type': 'application/json' } }));
const codeOf = async (res: Response | null) => (res ? ((await res.json()) as { code: string }).code : null);

describe('the mocks’ request validation', () => {
  test('lets a request that matches the spec through', async () => {
    expect(await send('POST', '/rest/collections/create_collection', JSON.stringify({ title: 'Fine' }))).toBeNull();
    expect(await send('GET', '/rest/threads?limit=5&offset=0')).toBeNull();
    expect(await send('GET', '/src/main.tsx')).toBeNull();
  });

  test('refuses bodies, paths and queries the spec does not allow, as invalid_request', async () => {
    expect(await codeOf(await send('POST', '/rest/collections/create_collection', JSON.stringify({ title: 'x'.repeat(101) })))).toBe('invalid_request');
    expect(await codeOf(await send('POST', '/rest/collections/create_collection', JSON.stringify({ colour: 'blue' })))).toBe('invalid_request');
    expect(await codeOf(await send('PUT', '/rest/collections/not-a-uuid/access', JSON.stringify({ updated_access: 2 })))).toBe('invalid_request');
    expect(await codeOf(await send('GET', '/rest/threads?limit=1000'))).toBe('invalid_request');
    expect(await codeOf(await send('GET', '/rest/threads?sort=new'))).toBe('invalid_request');
    expect(await codeOf(await send('POST', '/rest/translation/translate'))).toBe('invalid_request');
  });

  test('says malformed_json for a body that is not JSON', async () => {
    const res = await send('POST', '/rest/threads/ask', '{"query_str": ');
    expect(res?.status).toBe(400);
    expect(await codeOf(res)).toBe('malformed_json');
  });
});
