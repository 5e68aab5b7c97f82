import { afterEach, describe, expect, test, vi } from 'vitest';
import { ApiError, apiFetch } from './api-fetch';

/** A server that answers only when told to, and gives up when the call is aborted. */
function stalledFetch() {
  return vi.fn(
    (_url: string, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason))),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('apiFetch', () => {
  test('a call with timeoutMs ends with a TimeoutError when the server does not answer', async () => {
    vi.stubGlobal('fetch', stalledFetch());
    await expect(apiFetch('/rest/memories/list', { timeoutMs: 5 })).rejects.toMatchObject({ name: 'TimeoutError' });
  });

  test("the caller's own signal still aborts a call with a timeout", async () => {
    vi.stubGlobal('fetch', stalledFetch());
    const caller = new AbortController();
    const call = apiFetch('/rest/memories/list', { timeoutMs: 60_000, signal: caller.signal });
    caller.abort();
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
  });

  test('an answer in time is returned, and a problem is thrown as ApiError', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ memories: [] })),
    );
    expect(await apiFetch('/rest/memories/list', { timeoutMs: 60_000 })).toMatchObject({ status: 200, data: { memories: [] } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ type: 'about:blank', title: 'Not Found', status: 404, code: 'memory_not_found' }, { status: 404 })),
    );
    await expect(apiFetch('/rest/memories/get', { timeoutMs: 60_000 })).rejects.toBeInstanceOf(ApiError);
  });
});
