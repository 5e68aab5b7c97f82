// Behind https (PUBLIC_URL is https, TLS ends at a proxy in front), every cookie the server sets
// is Secure as well as HttpOnly and SameSite=Lax.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestDatabase } from '../support/database.js';
import { Browser, cookieAttributes } from '../support/http.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';

let database: { url: string; drop: () => Promise<void> };
let server: ServerProcess;
beforeAll(async () => {
  database = await createTestDatabase('https');
  server = await startServerProcess({ databaseUrl: database.url, env: { PUBLIC_URL: 'https://answers.example.test', WELCOME_MAIL_DELAY_SECONDS: '0' } });
});
afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

test('session and visitor cookies are Secure, HttpOnly and SameSite=Lax, and the session works', async () => {
  const b = new Browser(server.url, { origin: 'https://answers.example.test', 'x-forwarded-proto': 'https' });
  const res = await b.post('/api/auth/sign-up/email', { name: 'Secure Sam', email: 'sam@example.com', password: 'correct horse battery' });
  expect(res.status, res.text).toBe(200);
  for (const name of ['__Secure-better-auth.session_token', 'visitor_id']) {
    const cookie = cookieAttributes(res.setCookies, name);
    expect(cookie, `${name} in ${res.setCookies.join(' | ')}`).toBeDefined();
    expect(cookie!.attrs).toMatchObject({ secure: true, httponly: true });
    expect(String(cookie!.attrs.samesite).toLowerCase()).toBe('lax');
  }
  expect((await b.get('/rest/session')).json.user).toMatchObject({ email: 'sam@example.com' });

  // Its own origin is the https one: the plain-http origin of the same host is foreign.
  const foreign = await b.post('/api/auth/sign-out', undefined, { origin: server.url });
  expect(foreign.status).toBe(403);
});
