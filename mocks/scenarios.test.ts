// The mock scenarios behave like the real API: sign in, up and out change who the session is.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setupMocks } from './node';
import { DEMO_ACCOUNT } from './scenarios';

const mocks = setupMocks('anonymous');
beforeAll(mocks.listen);
beforeEach(() => mocks.reset('anonymous'));
afterAll(mocks.close);

const base = 'http://app.test';
const session = async () => (await (await fetch(`${base}/rest/session`)).json()) as { user: { name: string } | null; visitor_id: string };
const post = (path: string, body?: object) =>
  fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: body && JSON.stringify(body) });

describe('mock scenarios', () => {
  it('starts anonymous, with a visitor id', async () => {
    expect(await session()).toMatchObject({ user: null, visitor_id: expect.any(String) });
  });

  it('starts signed in for the signed-in scenario', async () => {
    mocks.reset('signed-in');
    expect((await session()).user?.name).toBe(DEMO_ACCOUNT.name);
  });

  it('answers a wrong password with the server’s 401 problem', async () => {
    const res = await post('/api/auth/sign-in/email', { email: DEMO_ACCOUNT.email, password: 'nope-nope' });
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toMatch(/problem\+json/);
    expect(await res.json()).toMatchObject({ code: 'invalid_credentials', detail: 'Wrong email or password.' });
    expect((await session()).user).toBeNull();
  });

  it('signs in, then out', async () => {
    const res = await post('/api/auth/sign-in/email', { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password });
    expect(res.status).toBe(200);
    expect((await session()).user?.name).toBe(DEMO_ACCOUNT.name);
    expect((await post('/api/auth/sign-out')).status).toBe(204);
    expect((await session()).user).toBeNull();
  });

  it('signs up a new account; a taken email signs nobody in and is not named', async () => {
    const ok = await post('/api/auth/sign-up/email', { name: 'Grace', email: 'grace@example.com', password: 'a-long-password' });
    expect(ok.status).toBe(200);
    expect((await session()).user?.name).toBe('Grace');
    const taken = await post('/api/auth/sign-up/email', { name: 'Ada', email: DEMO_ACCOUNT.email, password: 'a-long-password' });
    expect(taken.status).toBe(200);
    expect(await taken.json()).toEqual({ user: null, visitor_id: expect.any(String) });
  });
});
