// "Log in to save this answer" with an existing account: signing in from the browser that asked
// anonymously claims that visitor's threads, as signing up does, so the answer can be kept.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestDatabase } from '../support/database.js';
import { askAndWait, PASSWORD, signedUp, visitor } from '../support/people.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';

let database: { url: string; drop: () => Promise<void> };
let server: ServerProcess;
beforeAll(async () => {
  database = await createTestDatabase('sign_in_claims');
  server = await startServerProcess({ databaseUrl: database.url });
});
afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

/** An account made in another browser and signed out of: its email, to sign in with. */
async function existingAccount(name: string) {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}@example.com`;
  const b = await signedUp(server.url, name, email);
  expect((await b.post('/api/auth/sign-out')).status).toBe(204);
  return email;
}

describe('signing in to an existing account', () => {
  test("keeps the visitor's answer: the thread is the account's, expired=false removes its expiry, the library lists it", async () => {
    const email = await existingAccount('Lee Existing');
    const b = await visitor(server.url);
    const t = await askAndWait(server.url, b, 'how do I share a thread?');
    expect((await b.post('/api/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(200);

    const kept = await b.send('PUT', `/rest/thread/${t.thread_url_slug}`, { json: { expired: false } });
    expect(kept.status, kept.text).toBe(200);
    expect(kept.json).toMatchObject({ expiry_time: null, is_owner: true, author: { username: 'Lee Existing' } });
    const library = await b.get('/rest/threads');
    expect(library.json.items.map((i: { context_uuid: string }) => i.context_uuid)).toContain(t.context_uuid);
  });

  test("a visitor id another account claimed first stays that account's: signing in to a second one claims nothing", async () => {
    const second = await existingAccount('Second Account');
    const b = await visitor(server.url);
    const t = await askAndWait(server.url, b, 'what is a Space?');
    expect((await b.post('/api/auth/sign-up/email', { name: 'First Claimer', email: `first.${Date.now()}@example.com`, password: PASSWORD })).status).toBe(200);
    expect((await b.post('/api/auth/sign-out')).status).toBe(204);
    expect((await b.post('/api/auth/sign-in/email', { email: second, password: PASSWORD })).status).toBe(200);
    const tried = await b.send('PUT', `/rest/thread/${t.thread_url_slug}`, { json: { expired: false } });
    expect(tried.status).toBe(403);
    expect(tried.json).toMatchObject({ code: 'not_thread_owner' });
  });

  test("after signing out, the browser is a new visitor: what it asks next is not the signed-out account's", async () => {
    const b = await visitor(server.url);
    expect((await b.post('/api/auth/sign-up/email', { name: 'Shared Computer', email: `shared.${Date.now()}@example.com`, password: PASSWORD })).status).toBe(
      200,
    );
    const before = (await b.get('/rest/session')).json.visitor_id;
    expect((await b.post('/api/auth/sign-out')).status).toBe(204);
    expect((await b.get('/rest/session')).json.visitor_id).not.toBe(before);

    const t = await askAndWait(server.url, b, 'what is a Space?');
    const thread = await b.get(`/rest/thread/${t.thread_url_slug}`);
    expect(thread.json).toMatchObject({ is_owner: true, author: { username: null } });
  });
});
