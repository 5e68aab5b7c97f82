// The mock bug tool follows the server: the hook of the features, a blank text refused with the
// seed's words, a report filed with a tracker-like address, and the reporter's own thread made
// public read (anyone else's left as it is); a scenario without a tracker answers 503.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Thread } from '../generated/react-query/model';
import { MOCK_BUG_REPORT_HOOK } from './bug-report';
import { setupMocks } from './node';

const mocks = setupMocks('signed-in');
beforeAll(mocks.listen);
beforeEach(() => mocks.reset('signed-in'));
afterAll(mocks.close);

const base = 'http://app.test';
const call = (method: string, path: string, body?: object) =>
  fetch(`${base}${path}`, { method, headers: { 'content-type': 'application/json' }, body: body && JSON.stringify(body) });
const report = (body: object, hook = MOCK_BUG_REPORT_HOOK) => call('POST', `/webhooks/${hook}/web`, body);

async function ask(query: string) {
  const text = await (await call('POST', '/rest/threads/ask', { query_str: query })).text();
  return JSON.parse(/event: thread\ndata: (.*)\n/.exec(text)![1]!) as { thread_url_slug: string };
}

describe('mock bug reports', () => {
  it("files the report and shares the reporter's own thread", async () => {
    const t = await ask('Why does it stop?');
    const res = await report({ bug_text: 'It stops', url: `${base}/search/${t.thread_url_slug}`, category: 'AI' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'success', linear_url: 'https://linear.app/mock/issue/BUG-1' });
    expect(((await (await call('GET', `/rest/thread/${t.thread_url_slug}`)).json()) as Thread).thread_access).toBe('public read');
  });

  it('refuses a blank text with the seed words and a wrong hook as no route', async () => {
    const blank = await report({ bug_text: '  ' });
    expect(blank.status).toBe(400);
    expect(await blank.json()).toMatchObject({ code: 'bug_text_required', detail: 'Please describe the bug' });
    expect((await report({ bug_text: 'x' }, 'wrong')).status).toBe(404);
  });

  it("leaves a visitor's thread as it is", async () => {
    mocks.reset('anonymous');
    const t = await ask('Anonymous question');
    expect((await report({ bug_text: 'x', url: `${base}/search/${t.thread_url_slug}` })).status).toBe(200);
    expect(((await (await call('GET', `/rest/thread/${t.thread_url_slug}`)).json()) as Thread).thread_access).toBe('private read');
  });
});
