// One scripted sequence of requests, run the same way against the server and the mocks. Each step
// records its status, its problem code and, where the step says so, one observed fact of the
// answer (a count, a flag); the two runs must record the same list. Ids (threads, Spaces,
// requests) come from earlier answers, so the script is the same code for both targets.
import { setTimeout as sleep } from 'node:timers/promises';
import { authenticatorFor } from '../support/authenticator.js';
import type { Reply, Target } from './targets.js';

export type Outcome = { step: string; status: number; code: string | null; seen?: unknown };

const OWNER = { name: 'Olive Owner', email: 'olive@contract.example', password: 'olive-password-1' };
const STRANGER = { name: 'Sam Stranger', email: 'sam@contract.example', password: 'sam-password-12' };

/** The `thread` event of an answer stream (the first one), or null for a problem. */
function threadEvent(r: Reply): { context_uuid: string; backend_uuid: string; thread_url_slug: string } | null {
  const block = r.text.split('\n\n').find((b) => b.includes('event: thread'));
  const data = block?.split('\n').find((l) => l.startsWith('data:'));
  return data ? JSON.parse(data.slice(5)) : null;
}

export async function runContractScript(target: Target, opts: { pageUrl: string }): Promise<Outcome[]> {
  const out: Outcome[] = [];
  const step = async (name: string, person: string, method: string, path: string, body?: unknown, seen?: (r: Reply) => unknown) => {
    const r = await target.send(person, method, path, body);
    out.push({ step: name, status: r.status, code: r.code, ...(seen && r.status < 400 ? { seen: seen(r) } : {}) });
    return r;
  };
  /**
   * A step the server answers through a consumer of its log (a notification): asked again, 100 ms
   * apart for up to 10 s, until `ready`; then recorded like any step.
   */
  const eventualStep = async (name: string, person: string, path: string, ready: (r: Reply) => boolean, seen: (r: Reply) => unknown) => {
    let r = await target.send(person, 'GET', path);
    for (let tries = 0; tries < 100 && !(r.status < 400 && ready(r)); tries++) {
      await sleep(100);
      r = await target.send(person, 'GET', path);
    }
    out.push({ step: name, status: r.status, code: r.code, ...(r.status < 400 ? { seen: seen(r) } : {}) });
  };

  // Sign up and sign in.
  await step('session of a visitor', 'owner', 'GET', '/rest/session', undefined, (r) => r.json.user);
  await step('sign up with a short password', 'owner', 'POST', '/api/auth/sign-up/email', { ...OWNER, password: 'short' });
  await step('sign up with a bad email', 'owner', 'POST', '/api/auth/sign-up/email', { ...OWNER, email: 'not-an-email' });
  await step('sign up', 'owner', 'POST', '/api/auth/sign-up/email', OWNER, (r) => r.json.user.email);
  await step('sign up with a taken email', 'other', 'POST', '/api/auth/sign-up/email', { ...OWNER, name: 'Imposter' }, (r) => r.json.user);
  await step('sign up the stranger', 'stranger', 'POST', '/api/auth/sign-up/email', STRANGER);
  const verified = await target.verifyEmail('stranger', STRANGER.email);
  out.push({ step: 'the stranger verifies their address', status: verified.status, code: verified.code });
  await step('sign out', 'stranger', 'POST', '/api/auth/sign-out');
  await step('session after sign-out', 'stranger', 'GET', '/rest/session', undefined, (r) => r.json.user);
  await step('sign in with a wrong password', 'stranger', 'POST', '/api/auth/sign-in/email', { email: STRANGER.email, password: 'wrong-password' });
  await step('sign in', 'stranger', 'POST', '/api/auth/sign-in/email', { email: STRANGER.email, password: STRANGER.password }, (r) => r.json.user.name);

  // Two-factor sign-in: set up with the password and a first code, sign in with a code, a backup code once.
  const twoFactor = (name: string, path: string, body?: unknown, seen?: (r: Reply) => unknown) =>
    step(name, 'stranger', path.startsWith('/') ? 'GET' : 'POST', path.startsWith('/') ? path : `/api/auth/two-factor/${path}`, body, seen);
  await twoFactor('two-factor state', '/rest/account/two-factor', undefined, (r) => r.json);
  await twoFactor('two-factor set up with a wrong password', 'enable', { password: 'wrong-password' });
  await twoFactor('two-factor confirmed before it was set up', 'confirm', { code: '123456' });
  const setup = await twoFactor('two-factor set up', 'enable', { password: STRANGER.password }, (r) => r.json.backup_codes.length);
  const app = authenticatorFor(setup.json?.totp_uri ?? 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP');
  await twoFactor('two-factor confirmed with a wrong code', 'confirm', { code: app.staleCode() });
  await twoFactor('two-factor confirmed', 'confirm', { code: app.code() });
  await twoFactor('two-factor state when on', '/rest/account/two-factor', undefined, (r) => r.json);
  await step('sign out with two-factor on', 'stranger', 'POST', '/api/auth/sign-out');
  await step(
    'sign in with two-factor on',
    'stranger',
    'POST',
    '/api/auth/sign-in/email',
    { email: STRANGER.email, password: STRANGER.password },
    (r) => r.json,
  );
  await step('session before the second step', 'stranger', 'GET', '/rest/session', undefined, (r) => r.json.user);
  await twoFactor('second step with a wrong code', 'verify', { code: app.staleCode() });
  await twoFactor('second step with a backup code', 'verify', { code: setup.json?.backup_codes?.[0] ?? 'x', kind: 'backup_code' }, (r) => r.json.user.name);
  await step('sign out after the backup code', 'stranger', 'POST', '/api/auth/sign-out');
  await step('sign in again with two-factor on', 'stranger', 'POST', '/api/auth/sign-in/email', { email: STRANGER.email, password: STRANGER.password });
  await twoFactor('second step with a used backup code', 'verify', { code: setup.json?.backup_codes?.[0] ?? 'x', kind: 'backup_code' });
  await twoFactor('second step with a code', 'verify', { code: app.code() }, (r) => r.json.user.name);
  await twoFactor('new backup codes with a wrong password', 'backup-codes', { password: 'wrong-password' });
  await twoFactor('new backup codes', 'backup-codes', { password: STRANGER.password }, (r) => r.json.backup_codes.length);
  await twoFactor('two-factor turned off', 'disable', { password: STRANGER.password });
  await twoFactor('two-factor turned off again', 'disable', { password: STRANGER.password });
  await step('the sign-in settings', 'visitor', 'GET', '/rest/auth/settings', undefined, (r) => r.json.providers);
  await step('sign in with a provider that is not configured', 'visitor', 'POST', '/api/auth/sign-in/social', { provider: 'oidc' });
  await step('sign in with a provider, landing on another site', 'visitor', 'POST', '/api/auth/sign-in/social', {
    provider: 'oidc',
    callback_path: '//evil.example/',
  });
  await step('a visitor sets up two-factor', 'visitor', 'POST', '/api/auth/two-factor/enable', { password: STRANGER.password });
  await step('a visitor finishes a sign-in never started', 'visitor', 'POST', '/api/auth/two-factor/verify', { code: '123456' });

  // Asking (the parts before the stream).
  await step('ask an empty question', 'owner', 'POST', '/rest/threads/ask', { query_str: '' });
  await step('ask a blank question', 'owner', 'POST', '/rest/threads/ask', { query_str: '   ' });
  await step('ask a question too long', 'owner', 'POST', '/rest/threads/ask', { query_str: 'x'.repeat(2001) });
  await step('ask with an unknown field', 'owner', 'POST', '/rest/threads/ask', { query_str: 'Hi', colour: 'blue' });
  await step('continue a thread that does not exist', 'owner', 'POST', '/rest/threads/ask', {
    query_str: 'More?',
    context_uuid: '6f1c1f7e-1c1a-4c1a-9c1a-1c1a1c1a1c1a',
  });
  const asked = threadEvent(await step('ask', 'owner', 'POST', '/rest/threads/ask', { query_str: 'How do I share a thread?' }, (r) => !!threadEvent(r)));
  const slug = asked?.thread_url_slug ?? 'missing';
  await step('the stranger continues the thread', 'stranger', 'POST', '/rest/threads/ask', { query_str: 'Mine now?', context_uuid: asked?.context_uuid });
  await step(
    'the owner continues the thread',
    'owner',
    'POST',
    '/rest/threads/ask',
    { query_str: 'And then?', context_uuid: asked?.context_uuid },
    (r) => !!threadEvent(r),
  );
  await step('the owner reads the thread', 'owner', 'GET', `/rest/thread/${slug}`, undefined, (r) => [
    r.json.thread_access,
    r.json.is_owner,
    r.json.entries.length,
  ]);
  await step('a stranger reads the private thread', 'stranger', 'GET', `/rest/thread/${slug}`);
  await step('a visitor reads the private thread', 'visitor', 'GET', `/rest/thread/${slug}`);
  await step('an unknown thread', 'owner', 'GET', '/rest/thread/no-such-thread-000000');
  const long = 'Which keyboard shortcuts are there, and can I change them? '.repeat(3).trim();
  const visitorAsk = threadEvent(await step('a visitor asks', 'visitor', 'POST', '/rest/threads/ask', { query_str: long }, (r) => !!threadEvent(r)));
  await step('the visitor reads their thread', 'visitor', 'GET', `/rest/thread/${visitorAsk?.thread_url_slug}`, undefined, (r) => [
    r.json.is_owner,
    r.json.expiry_time !== null,
    r.json.title,
    r.json.privacy_state,
  ]);
  await step('the visitor’s library', 'visitor', 'GET', '/rest/threads?limit=10', undefined, (r) => r.json.total);
  await step('the owner’s library', 'owner', 'GET', '/rest/threads', undefined, (r) => r.json.total);
  await step('a library page too large', 'owner', 'GET', '/rest/threads?limit=1000');
  await step('a stranger stops the answer', 'stranger', 'POST', `/rest/threads/entries/${asked?.backend_uuid}/stop`);
  await step('the owner stops a finished answer', 'owner', 'POST', `/rest/threads/entries/${asked?.backend_uuid}/stop`);
  await step('stop an unknown answer', 'owner', 'POST', '/rest/threads/entries/6f1c1f7e-1c1a-4c1a-9c1a-1c1a1c1a1c1a/stop');

  // Thread access.
  const access = (person: string, thread_access: unknown, key = slug) =>
    step(`${person} sets access ${String(thread_access)}`, person, 'PUT', `/rest/thread/${key}/access`, { thread_access }, (r) => r.json.thread_access);
  await access('visitor', 'public read');
  await access('stranger', 'public read');
  await access('owner', 'everyone');
  await access('owner', 'org read');
  await access('owner', 'collection read');
  await access('owner', 'public read', 'no-such-thread-000000');
  await access('owner', 'public read');
  await step('a stranger reads the public thread', 'stranger', 'GET', `/rest/thread/${slug}`, undefined, (r) => [r.json.thread_access, r.json.is_owner]);
  await access('owner', 'owner-only');
  await step('a stranger reads the owner-only thread', 'stranger', 'GET', `/rest/thread/${slug}`);
  await step('a visitor asks for access', 'visitor', 'POST', `/rest/thread/${slug}/access-requests`);
  await step('the owner asks for access', 'owner', 'POST', `/rest/thread/${slug}/access-requests`);
  const requested = await step('a stranger asks for access', 'stranger', 'POST', `/rest/thread/${slug}/access-requests`, undefined, (r) => r.json.status);
  await step(
    'a stranger asks for access again',
    'stranger',
    'POST',
    `/rest/thread/${slug}/access-requests`,
    undefined,
    (r) => r.json.request_id === requested.json?.request_id,
  );
  await step('the owner lists requests', 'owner', 'GET', '/rest/thread-access-requests', undefined, (r) => r.json.requests.length);
  type Notice = { kind: string; title: string; url: string; read_at: string | null };
  const requestNotices = (r: Reply) => (r.json.notifications as Notice[]).filter((n) => n.kind === 'access_request');
  await eventualStep(
    'the owner is told of the request',
    'owner',
    '/rest/notifications',
    (r) => requestNotices(r).length > 0,
    (r) => requestNotices(r).map((n) => [n.title, n.url === `/search/${slug}`, n.read_at]),
  );
  await step('the stranger grants their own request', 'stranger', 'POST', `/rest/thread-access-requests/${requested.json?.request_id}/grant`);
  await step(
    'the owner grants the request',
    'owner',
    'POST',
    `/rest/thread-access-requests/${requested.json?.request_id}/grant`,
    undefined,
    (r) => r.json.status,
  );
  await access('owner', 'private read');
  await step('the granted stranger reads the thread', 'stranger', 'GET', `/rest/thread/${slug}`, undefined, (r) => r.json.is_owner);
  await step('a visitor keeps the thread', 'visitor', 'PUT', `/rest/thread/${slug}`, { expired: false });
  await step('the owner keeps the thread', 'owner', 'PUT', `/rest/thread/${slug}`, { expired: false }, (r) => r.json.expiry_time);

  // Sources of an answer.
  const entry = asked?.backend_uuid ?? 'missing';
  const before = (await target.send('owner', 'GET', `/rest/thread/${slug}`)).json?.entries?.[0]?.sources ?? [];
  const check = (person: string, name: string) =>
    step(name, person, 'POST', `/rest/threads/entries/${entry}/sources/check`, undefined, (r) => typeof r.json.sources_count);
  await check('owner', 'the owner checks the sources');
  await check('stranger', 'the granted reader checks the sources');
  await check('visitor', 'a visitor checks the sources');
  const remove = (person: string, urls: string[], name: string) =>
    step(name, person, 'POST', `/rest/threads/entries/${entry}/sources/remove`, { urls }, (r) => r.json.sources.length === before.length - urls.length);
  await remove('owner', ['https://not-a-source.example/'], 'the owner removes a source the answer lacks');
  await remove('stranger', [before[0]?.url ?? 'https://missing.example/'], 'the reader removes a source');
  await remove('owner', [before[0]?.url ?? 'https://missing.example/'], 'the owner removes a source');

  // A visitor who signs up keeps what they asked; signed out again, it is no longer theirs.
  const newcomer = threadEvent(
    await step('a newcomer asks', 'newcomer', 'POST', '/rest/threads/ask', { query_str: 'Can I ask without an account?' }, (r) => !!threadEvent(r)),
  );
  await step('the newcomer signs up', 'newcomer', 'POST', '/api/auth/sign-up/email', {
    name: 'Nia New',
    email: 'nia@contract.example',
    password: 'nia-password-1',
  });
  await step('the newcomer’s library', 'newcomer', 'GET', '/rest/threads', undefined, (r) => r.json.total);
  await step('the newcomer reads their thread', 'newcomer', 'GET', `/rest/thread/${newcomer?.thread_url_slug}`, undefined, (r) => [
    r.json.is_owner,
    r.json.expiry_time,
  ]);
  await step('the newcomer signs out', 'newcomer', 'POST', '/api/auth/sign-out');
  await step('signed out, the newcomer reads it', 'newcomer', 'GET', `/rest/thread/${newcomer?.thread_url_slug}`);
  await step('signed out, the newcomer’s library', 'newcomer', 'GET', '/rest/threads', undefined, (r) => r.json.total);

  // Bookmarks.
  const bookmark = (person: string, entry_uuid: string) =>
    step(
      `${person} bookmarks`,
      person,
      'POST',
      '/rest/collections/upsert_thread_collection',
      { entry_uuid, upsert_type: 'bookmark' },
      (r) => r.json.bookmark_state,
    );
  const listBookmarks = (person: string) =>
    step(`${person} lists bookmarks`, person, 'GET', '/rest/collections/list_collection_threads', undefined, (r) => r.json.items.length);
  await bookmark('visitor', slug);
  await bookmark('owner', 'no-such-thread-000000');
  await step('upsert with no target', 'owner', 'POST', '/rest/collections/upsert_thread_collection', { entry_uuid: slug });
  await bookmark('owner', slug);
  await listBookmarks('owner');
  await listBookmarks('visitor');
  await access('owner', 'owner-only');
  await bookmark('stranger', slug);
  await step(
    'the owner unbookmarks',
    'owner',
    'DELETE',
    `/rest/collections/remove_collection_thread?entry_uuid=${slug}`,
    undefined,
    (r) => r.json.bookmark_state,
  );
  await listBookmarks('owner');

  // Spaces.
  const create = (person: string, body: object, name: string) =>
    step(name, person, 'POST', '/rest/collections/create_collection', body, (r) => [r.json.title, r.json.user_permission, r.json.access]);
  await create('visitor', { title: 'Nope' }, 'a visitor creates a Space');
  await create('owner', { title: '' }, 'create with an empty title');
  await create('owner', { title: '   ' }, 'create with a blank title');
  await create('owner', { title: 'x'.repeat(101) }, 'create with a title too long');
  await create('owner', { title: 'Fine', emoji: 'not-an-emoji' }, 'create with a bad emoji');
  await create('owner', { title: 'Fine', template_id: 'no-such-template' }, 'create from an unknown template');
  await create('owner', { title: 'Fine', access: 3 }, 'create shared with an organisation, without one');
  await create('owner', {}, 'create with nothing given');
  const space = (await create('owner', { title: '  Research  ', description: 'Papers' }, 'create')).json;
  const uuid: string = space?.uuid ?? '00000000-0000-4000-8000-000000000000';
  const edit = (person: string, body: object, name: string) =>
    step(name, person, 'POST', `/rest/collections/edit_collection/${uuid}`, body, (r) => [r.json.title, r.json.description]);
  await edit('owner', { title: '  ' }, 'rename to blank');
  await edit('owner', { title: 'Renamed' }, 'rename');
  await edit('stranger', { title: 'Mine' }, 'a stranger renames');
  await edit('visitor', { title: 'Mine' }, 'a visitor renames');
  await step('a stranger reads the private Space', 'stranger', 'GET', `/rest/collections/get_collection?collection_slug=${uuid}`);
  await step('the owner reads the Space', 'owner', 'GET', `/rest/collections/get_collection?collection_slug=${uuid}`, undefined, (r) => r.json.title);

  const link = (person: string, value: string, name: string, method = 'POST') =>
    step(
      name,
      person,
      method,
      '/rest/collections/focused_web_config/links',
      { collection_uuid: uuid, link: value },
      (r) => r.json.focused_web_config.link_configs.length,
    );
  await link('owner', '', 'add an empty link');
  await link('owner', '   ', 'add a blank link');
  await link('owner', 'ftp://example.com/file', 'add an ftp link');
  await link('owner', 'https://user:secret@example.com/', 'add a link with a password');
  await link('owner', 'https://exa mple.com/', 'add a link with a space in its host');
  await link('owner', 'http://localhost:9/', 'add a local link');
  await link('owner', 'http://10.1.2.3/', 'add a private address');
  await link('owner', opts.pageUrl, 'add a link');
  await link('owner', `${opts.pageUrl}#part-two`, 'add the same link with a fragment');
  await link('stranger', opts.pageUrl, 'a stranger adds a link');
  await link('owner', 'ftp://example.com/file', 'remove an ftp link', 'DELETE');
  await link('owner', `${opts.pageUrl}#again`, 'remove the link', 'DELETE');

  const invite = (person: string, body: object, name: string) =>
    step(name, person, 'POST', `/rest/collections/${uuid}/members`, body, (r) =>
      r.json.members.map((m: { email: string; access: number }) => [m.email, m.access]),
    );
  await invite('owner', { email: 'not-an-email', role: 'WRITER' }, 'invite a bad email');
  await invite('owner', { email: STRANGER.email, role: 'KING' }, 'invite with an unknown role');
  await invite('owner', { email: OWNER.email.toUpperCase(), role: 'WRITER' }, 'invite the owner');
  await step('a stranger deletes a Space they cannot see', 'stranger', 'DELETE', `/rest/collections/delete_collection/${uuid}`);
  await invite('owner', { email: STRANGER.email, role: 'WRITER' }, 'invite the stranger');
  await invite('owner', { email: STRANGER.email, role: 'READER' }, 'invite the stranger again as a reader');
  await step(
    'the invited stranger lists the Space’s threads',
    'stranger',
    'GET',
    `/rest/collections/list_collection_threads?collection_uuid=${uuid}`,
    undefined,
    (r) => r.json.total,
  );
  await invite('stranger', { email: 'friend@contract.example', role: 'READER' }, 'the invited stranger invites');
  await step('the invited stranger changes access', 'stranger', 'PUT', `/rest/collections/${uuid}/access`, { updated_access: 2 });
  await step('the invited stranger deletes the Space', 'stranger', 'DELETE', `/rest/collections/delete_collection/${uuid}`);
  await step('an unverified newcomer signs up', 'impostor', 'POST', '/api/auth/sign-up/email', {
    name: 'Ivy Impostor',
    email: 'ivy@contract.example',
    password: 'ivy-password-12',
  });
  await step('the unverified newcomer accepts', 'impostor', 'POST', `/rest/collections/${uuid}/members/accept`);
  await step('the stranger accepts', 'stranger', 'POST', `/rest/collections/${uuid}/members/accept`, undefined, (r) => r.json.user_permission);
  await step('the reader deletes the Space', 'stranger', 'DELETE', `/rest/collections/delete_collection/${uuid}`);

  // Threads in the Space.
  await step('a visitor asks in the private Space', 'visitor', 'POST', '/rest/threads/ask', { query_str: 'Hi?', collection_uuid: uuid });
  const readerAsk = threadEvent(
    await step(
      'the reader asks in the Space',
      'stranger',
      'POST',
      '/rest/threads/ask',
      { query_str: 'What is in here?', collection_uuid: uuid },
      (r) => !!threadEvent(r),
    ),
  );
  await step('the reader’s thread stays theirs', 'stranger', 'GET', `/rest/thread/${readerAsk?.thread_url_slug}`, undefined, (r) => [
    r.json.collection_info,
    r.json.thread_access,
  ]);
  const ownerAsk = threadEvent(
    await step(
      'the owner asks in the Space',
      'owner',
      'POST',
      '/rest/threads/ask',
      { query_str: 'How do answers cite?', collection_uuid: uuid },
      (r) => !!threadEvent(r),
    ),
  );
  const inSpace = ownerAsk?.thread_url_slug ?? 'missing';
  await step('the owner’s thread is in the Space', 'owner', 'GET', `/rest/thread/${inSpace}`, undefined, (r) => [
    r.json.collection_info?.uuid === uuid,
    r.json.thread_access,
    r.json.privacy_state,
  ]);
  await access('owner', 'collection read', inSpace);
  await step('the reader reads the collection-read thread', 'stranger', 'GET', `/rest/thread/${inSpace}`, undefined, (r) => [
    r.json.is_owner,
    r.json.privacy_state,
  ]);
  await step('a visitor reads the collection-read thread', 'visitor', 'GET', `/rest/thread/${inSpace}`);
  await step(
    'the Space’s threads for the reader',
    'stranger',
    'GET',
    `/rest/collections/list_collection_threads?collection_uuid=${uuid}`,
    undefined,
    (r) => r.json.total,
  );
  const move = (person: string, entry_uuid: string, name: string) =>
    step(
      name,
      person,
      'POST',
      '/rest/collections/upsert_thread_collection',
      { entry_uuid, new_collection_uuid: uuid },
      (r) => r.json.updated_collection.uuid === uuid,
    );
  await move('stranger', readerAsk?.thread_url_slug ?? 'missing', 'the reader moves their thread in');
  await move('owner', slug, 'the owner moves the first thread in');
  await move('visitor', slug, 'a visitor moves a thread in');
  const takeOut = (person: string, key: string, name: string) =>
    step(
      name,
      person,
      'DELETE',
      `/rest/collections/remove_collection_thread?entry_uuid=${key}&collection_uuid=${uuid}`,
      undefined,
      (r) => r.json.updated_collection.uuid === uuid,
    );
  await takeOut('stranger', inSpace, 'the reader takes the owner’s thread out');
  await takeOut('owner', slug, 'the owner takes the first thread out');
  await step('the first thread after leaving the Space', 'owner', 'GET', `/rest/thread/${slug}`, undefined, (r) => [
    r.json.collection_info,
    r.json.thread_access,
  ]);

  // Members.
  const listed = await step('the owner lists members', 'owner', 'GET', `/rest/collections/${uuid}/members`, undefined, (r) => r.json.members.length);
  const samId: string = listed.json?.members?.find((m: { email: string }) => m.email === STRANGER.email)?.member_id ?? 'missing';
  const member = (person: string, method: string, id: string, body: object | undefined, name: string) =>
    step(name, person, method, `/rest/collections/${uuid}/members/${id}`, body, (r) => r.json.members.map((m: { access: number }) => m.access));
  await member('owner', 'DELETE', uuid, undefined, 'the owner removes themself');
  await member('stranger', 'PUT', samId, { role: 'ADMIN' }, 'the reader makes themself an admin');
  await member('owner', 'PUT', samId, { role: 'WRITER' }, 'the owner makes the reader a writer');
  await member('owner', 'PUT', uuid, { role: 'READER' }, 'the owner changes their own role');
  await member('owner', 'DELETE', '6f1c1f7e-1c1a-4c1a-9c1a-1c1a1c1a1c1a', undefined, 'the owner removes an unknown member');
  await link('stranger', `${opts.pageUrl}?page=2`, 'the writer adds a link');
  await member('stranger', 'DELETE', samId, undefined, 'the writer leaves');
  await step('the Space after the writer left', 'stranger', 'GET', `/rest/collections/get_collection?collection_slug=${uuid}`);
  await link('stranger', 'https://example.org/', 'the reader adds a link');
  const setAccess = (person: string, updated_access: unknown) =>
    step(`${person} sets Space access ${String(updated_access)}`, person, 'PUT', `/rest/collections/${uuid}/access`, { updated_access }, (r) => r.json.access);
  await setAccess('owner', 9);
  await setAccess('owner', 3);
  await setAccess('owner', 2);
  await setAccess('stranger', 1);
  await step(
    'a visitor reads the link-shared Space',
    'visitor',
    'GET',
    `/rest/collections/get_collection?collection_slug=${uuid}`,
    undefined,
    (r) => r.json.user_permission,
  );
  await step('the visitor deletes the Space', 'visitor', 'DELETE', `/rest/collections/delete_collection/${uuid}`);
  await step('the owner deletes the Space', 'owner', 'DELETE', `/rest/collections/delete_collection/${uuid}`);
  await step('the deleted Space', 'owner', 'GET', `/rest/collections/get_collection?collection_slug=${uuid}`);

  // Files: asking for upload addresses.
  const repo = { file_repository_type: 'USER' };
  const upload = (person: string, params: object[], name: string) =>
    step(name, person, 'POST', '/rest/file-repository/get-file-upload-urls', { file_repository_info: repo, file_upload_params: params }, (r) => [
      r.json.file_url_params.length,
      r.json.limits_reached.length,
    ]);
  const file = (filename: string, file_size = 1200) => ({ filename, content_type: '', file_size });
  await upload('visitor', [file('notes.md')], 'a visitor asks to upload');
  await upload('owner', [file('setup.exe')], 'upload a type not taken');
  await upload('owner', [file('huge.pdf', 51 * 1024 * 1024)], 'upload a file too large');
  await upload('owner', [file('empty.txt', 0)], 'upload an empty file');
  await upload('owner', [], 'upload nothing');
  await upload(
    'owner',
    Array.from({ length: 11 }, (_, i) => file(`n${i}.md`)),
    'upload eleven files',
  );
  await upload('owner', [file('notes.md'), file('photo.PNG')], 'upload two files');

  // Files: who may read and change which repository.
  const files = (person: string, path: string, file_repository_info: object, extra: object, name: string, seen?: (r: Reply) => unknown) =>
    step(name, person, 'POST', `/rest/file-repository/${path}`, { file_repository_info, ...extra }, seen);
  const fileCount = (r: Reply) => r.json.files.length;
  await files('owner', 'list-files', { file_repository_type: 'USER' }, {}, 'list My Files', fileCount);
  await files('owner', 'list-files', { file_repository_type: 'USER', owner_id: 'someone-else' }, {}, 'list another person’s files');
  await files('owner', 'list-files', { file_repository_type: 'ORG' }, {}, 'list organisation files without one');
  await files(
    'owner',
    'get-file-upload-urls',
    { file_repository_type: 'ORG' },
    { file_upload_params: [file('a.md')] },
    'upload to an organisation without one',
  );
  await files('owner', 'list-files', { file_repository_type: 'COLLECTION' }, {}, 'list the files of the Bookmarks collection');
  await files('owner', 'summary', { file_repository_type: 'USER' }, {}, 'the summary of My Files', (r) => r.json.file_count ?? r.json.total ?? null);
  const filesSpace = (await create('owner', { title: 'Files' }, 'create a Space for files')).json?.uuid ?? '00000000-0000-4000-8000-000000000000';
  const spaceRepo = { file_repository_type: 'COLLECTION', owner_id: filesSpace };
  await files('stranger', 'list-files', spaceRepo, {}, 'a stranger lists the Space’s files');
  await step('invite the stranger to the files Space', 'owner', 'POST', `/rest/collections/${filesSpace}/members`, { email: STRANGER.email, role: 'READER' });
  await step(
    'the stranger accepts the files Space',
    'stranger',
    'POST',
    `/rest/collections/${filesSpace}/members/accept`,
    undefined,
    (r) => r.json.user_permission,
  );
  await files('stranger', 'list-files', spaceRepo, {}, 'the reader lists the Space’s files', fileCount);
  await files('stranger', 'get-file-upload-urls', spaceRepo, { file_upload_params: [file('a.md')] }, 'the reader uploads to the Space');
  await files(
    'owner',
    'get-file-upload-urls',
    spaceRepo,
    { file_upload_params: [file('a.md')] },
    'the owner uploads to the Space',
    (r) => r.json.file_url_params.length,
  );
  await files(
    'owner',
    'list-files',
    { file_repository_type: 'COLLECTION', owner_id: '6f1c1f7e-1c1a-4c1a-9c1a-1c1a1c1a1c1a' },
    {},
    'list the files of an unknown Space',
  );
  const never = { file_s3_url: 'http://127.0.0.1:1/nowhere', file_size: 12, filename: 'never.md', file_uuid: '6f1c1f7e-1c1a-4c1a-9c1a-1c1a1c1a1c1b' };
  await files('owner', 'index-files', { file_repository_type: 'USER' }, { file_index_params: [never] }, 'index a file never uploaded');
  await files('stranger', 'index-files', spaceRepo, { file_index_params: [never] }, 'the reader indexes into the Space');
  await files('owner', 'delete-files', { file_repository_type: 'USER' }, { file_uuids: [never.file_uuid] }, 'delete a file that is not there');
  await files('stranger', 'delete-files', spaceRepo, { file_uuids: [never.file_uuid] }, 'the reader deletes from the Space');

  // The person's own settings: private to each person, refused to visitors, rules with stable codes.
  const prefs = { theme: 'dark', answer_language: 'fr', default_search_mode: 'web', incognito_by_default: true };
  await step('a visitor reads preferences', 'visitor', 'GET', '/rest/account/preferences');
  await step('a visitor saves preferences', 'visitor', 'PUT', '/rest/account/preferences', prefs);
  await step('save preferences', 'owner', 'PUT', '/rest/account/preferences', prefs, (r) => r.json);
  await step('save preferences with an unknown theme', 'owner', 'PUT', '/rest/account/preferences', { ...prefs, theme: 'purple' });
  await step('read preferences', 'owner', 'GET', '/rest/account/preferences', undefined, (r) => r.json);
  await step('the stranger’s preferences are their own', 'stranger', 'GET', '/rest/account/preferences', undefined, (r) => r.json);
  const meeting = { minutes: 45, day_start_hour: 8, day_end_hour: 16, weekdays: [5, 1, 1] };
  await step('a visitor saves meeting defaults', 'visitor', 'PUT', '/rest/account/meeting-defaults', meeting);
  await step('save meeting defaults', 'owner', 'PUT', '/rest/account/meeting-defaults', meeting, (r) => r.json);
  await step('meeting defaults whose day ends before it starts', 'owner', 'PUT', '/rest/account/meeting-defaults', { ...meeting, day_end_hour: 7 });
  await step('the stranger’s meeting defaults are their own', 'stranger', 'GET', '/rest/account/meeting-defaults', undefined, (r) => r.json);
  await step('read meeting defaults', 'owner', 'GET', '/rest/account/meeting-defaults', undefined, (r) => r.json);
  await step('the library before it', 'owner', 'GET', '/rest/threads', undefined, (r) => r.json.total);
  await step(
    'an incognito-by-default question stays out of the library',
    'owner',
    'POST',
    '/rest/threads/ask',
    { query_str: 'Where are my settings?' },
    (r) => !!threadEvent(r),
  );
  await step('the library after it', 'owner', 'GET', '/rest/threads', undefined, (r) => r.json.total);
  await step('ask with a model that is not configured', 'owner', 'POST', '/rest/threads/ask', { query_str: 'Hi', model_preference: 'no-such-model' });
  await step(
    'save personalization',
    'owner',
    'PUT',
    '/rest/account/personalization',
    { about_me: '  I teach physics. ', answer_style: 'concise' },
    (r) => r.json,
  );
  await step('save an about-me too long', 'owner', 'PUT', '/rest/account/personalization', { about_me: 'x'.repeat(1501), answer_style: 'default' });
  await step('save an unknown answer style', 'owner', 'PUT', '/rest/account/personalization', { about_me: '', answer_style: 'pirate' });
  await step('the stranger’s personalization', 'stranger', 'GET', '/rest/account/personalization', undefined, (r) => r.json);
  await step('read the assistant', 'owner', 'GET', '/rest/account/assistant', undefined, (r) => [r.json.models.length, r.json.default_model, r.json.chosen]);
  await step('choose the offline model', 'owner', 'PUT', '/rest/account/assistant', { default_model: 'offline-extractive' }, (r) => [
    r.json.default_model,
    r.json.chosen,
  ]);
  await step('choose a model that is not configured', 'owner', 'PUT', '/rest/account/assistant', { default_model: 'gpt-9' });
  await step(
    'add site instructions',
    'owner',
    'POST',
    '/rest/account/site-instructions',
    { domain: 'https://www.Example.com/docs', instructions: 'Prefer the docs.' },
    (r) => r.json.domain,
  );
  await step('add the same site again', 'owner', 'POST', '/rest/account/site-instructions', { domain: 'example.com', instructions: 'Again.' });
  await step('add instructions for no site', 'owner', 'POST', '/rest/account/site-instructions', { domain: 'localhost', instructions: 'x' });
  await step('add blank instructions', 'owner', 'POST', '/rest/account/site-instructions', { domain: 'example.org', instructions: '   ' });
  await step('add instructions too long', 'owner', 'POST', '/rest/account/site-instructions', { domain: 'example.org', instructions: 'x'.repeat(2001) });
  await step(
    'edit site instructions',
    'owner',
    'PUT',
    '/rest/account/site-instructions/example.com',
    { instructions: 'Only the docs.' },
    (r) => r.json.instructions,
  );
  await step('the stranger edits them', 'stranger', 'PUT', '/rest/account/site-instructions/example.com', { instructions: 'Mine now.' });
  await step('the stranger deletes them', 'stranger', 'DELETE', '/rest/account/site-instructions/example.com');
  await step('the stranger’s site instructions', 'stranger', 'GET', '/rest/account/site-instructions', undefined, (r) => r.json.items.length);
  await step('list site instructions', 'owner', 'GET', '/rest/account/site-instructions', undefined, (r) =>
    r.json.items.map((i: { domain: string; instructions: string }) => [i.domain, i.instructions]),
  );
  await step('delete site instructions', 'owner', 'DELETE', '/rest/account/site-instructions/example.com');
  await step('delete them again', 'owner', 'DELETE', '/rest/account/site-instructions/example.com');
  await step('a visitor reads pro perks', 'visitor', 'GET', '/rest/account/pro-perks');
  await step('pro perks of a free person', 'owner', 'GET', '/rest/account/pro-perks', undefined, (r) => [
    r.json.plan,
    r.json.perks.length,
    r.json.pro_perks.length,
  ]);
  await step(
    'put preferences back',
    'owner',
    'PUT',
    '/rest/account/preferences',
    { ...prefs, incognito_by_default: false },
    (r) => r.json.incognito_by_default,
  );
  // Data rights: the export and the account's deletion (the stranger's, last of their steps).
  await step('a visitor asks for the export', 'visitor', 'GET', '/rest/account/export');
  await step('the owner has no export yet', 'owner', 'GET', '/rest/account/export', undefined, (r) => r.json.export);
  await step('the owner asks for an export', 'owner', 'POST', '/rest/account/export', undefined, (r) => [r.json.status, r.json.download_url]);
  await step('the stranger downloads an unknown export', 'stranger', 'GET', '/rest/account/export/6f1c1f7e-1c1a-4c1a-9c1a-1c1a1c1a1c1c/download');
  await step('the owner’s Spaces to hand over', 'owner', 'GET', '/rest/account/owned-spaces', undefined, (r) => r.json.spaces.length > 0);
  await step('delete with a wrong password', 'stranger', 'POST', '/rest/account/delete', { password: 'not-the-password', confirmation: 'DELETE' });
  await step('delete without typing DELETE', 'stranger', 'POST', '/rest/account/delete', { password: STRANGER.password, confirmation: 'delete' });
  await step('hand over a Space of someone else', 'stranger', 'POST', '/rest/account/delete', {
    password: STRANGER.password,
    confirmation: 'DELETE',
    hand_over: { [filesSpace]: 'someone' },
  });
  await step(
    'the stranger deletes their account',
    'stranger',
    'POST',
    '/rest/account/delete',
    { password: STRANGER.password, confirmation: 'DELETE' },
    (r) => r.json.status,
  );
  await step('the deleted stranger’s session', 'stranger', 'GET', '/rest/session', undefined, (r) => r.json.user);
  await step('the deleted stranger signs in', 'stranger', 'POST', '/api/auth/sign-in/email', { email: STRANGER.email, password: STRANGER.password });
  // The organisation area: the owner invites the stranger (verified), who accepts; roles, the last owner, policy.
  const created = await step('create an organisation', 'owner', 'POST', '/rest/organizations', { name: 'Contract Org' }, (r) => [r.json.name, r.json.slug]);
  const org = `/rest/organizations/${created.json?.uuid ?? 'missing'}`;
  await step('invite a malformed address', 'owner', 'POST', `${org}/invitations`, { email: 'not an address', role: 'member' });
  await step('invite the stranger', 'owner', 'POST', `${org}/invitations`, { email: STRANGER.email, role: 'member' }, (r) => [
    r.json.members.length,
    r.json.invitations.map((i: { email: string; role: string }) => [i.email, i.role]),
  ]);
  await step('invite the stranger twice', 'owner', 'POST', `${org}/invitations`, { email: STRANGER.email, role: 'admin' });
  const pending = await step('list members', 'owner', 'GET', `${org}/members`, undefined, (r) => [
    r.json.my_role,
    r.json.members.length,
    r.json.invitations.length,
  ]);
  const invitation = pending.json?.invitations?.[0]?.invitation_id ?? 'missing';
  await step('the stranger reads the organisation', 'stranger', 'GET', org);
  await step('the stranger reads the invitation', 'stranger', 'GET', `${org}/invitations/${invitation}`, undefined, (r) => [r.json.org_name, r.json.role]);
  await step('the stranger accepts', 'stranger', 'POST', `${org}/invitations/${invitation}/accept`, undefined, (r) => [r.json.name, r.json.my_role]);
  const members = await step('list members after joining', 'owner', 'GET', `${org}/members`, undefined, (r) =>
    r.json.members.map((m: { email: string; role: string }) => [m.email, m.role]),
  );
  const ids = (members.json?.members ?? []) as { member_id: string; email: string }[];
  const ownerId = ids.find((m) => m.email === OWNER.email)?.member_id ?? 'missing';
  const joinedId = ids.find((m) => m.email === STRANGER.email)?.member_id ?? 'missing';
  await step('the member changes a role', 'stranger', 'PUT', `${org}/members/${ownerId}/role`, { role: 'member' });
  await step('make the member an admin', 'owner', 'PUT', `${org}/members/${joinedId}/role`, { role: 'admin' }, (r) =>
    r.json.members.map((m: { role: string }) => m.role),
  );
  await step('the admin demotes the owner', 'stranger', 'PUT', `${org}/members/${ownerId}/role`, { role: 'member' });
  await step('the last owner leaves', 'owner', 'POST', `${org}/leave`);
  await step('change details', 'owner', 'PATCH', org, { name: ' Contract Org Ltd ', email_domains: ['Contract.example'] }, (r) => [
    r.json.name,
    r.json.email_domains,
  ]);
  await step('change details with a bad domain', 'owner', 'PATCH', org, { email_domains: ['not a domain'] });
  await step('turn public sharing off', 'stranger', 'PUT', `${org}/permissions`, { public_sharing_allowed: false, space_creation: 'admins' }, (r) => r.json);
  await step('read user access', 'stranger', 'GET', `${org}/user-access`, undefined, (r) => r.json.roles.member);
  await step('remove the admin', 'owner', 'DELETE', `${org}/members/${joinedId}`, undefined, (r) => r.json.members.length);
  await step('the removed admin reads the organisation', 'stranger', 'GET', org);
  // Single sign-on up to the DNS proof (which the mocks cannot share with the server), and its refusals.
  await step('claim a public mail domain for single sign-on', 'owner', 'PUT', `${org}/sso/domain`, { domain: 'gmail.com' });
  await step('claim the single sign-on domain', 'owner', 'PUT', `${org}/sso/domain`, { domain: 'Contract.example' }, (r) => [
    r.json.domain,
    r.json.txt_name,
    r.json.domain_verified,
    r.json.active,
  ]);
  await step('configure single sign-on before the proof', 'owner', 'PUT', `${org}/sso/provider`, {
    issuer: 'https://idp.contract.example',
    client_id: 'c',
    client_secret: 's',
  });
  await step('the removed admin reads single sign-on', 'stranger', 'GET', `${org}/sso`);
  await step('single sign-on for an unverified domain', 'visitor', 'POST', '/api/auth/sign-in/sso', { email: 'ann@contract.example' });
  await step('single sign-on for a domain nobody set up', 'visitor', 'POST', '/api/auth/sign-in/sso', { email: 'ann@nobody.example' });
  await step('remove single sign-on', 'owner', 'DELETE', `${org}/sso`, undefined, (r) => [r.json.domain, r.json.active]);

  // Translation with no translation server.
  await step('translate', 'visitor', 'POST', '/rest/translation/translate', { texts: ['Hello', ' '] }, (r) => [r.json.translated, r.json.translated_texts]);
  await step('translate nothing', 'visitor', 'POST', '/rest/translation/translate', { texts: [] });

  // Attribution and the assistant browser's invites: who may do what (no Dub, no administrator here).
  const me = await step('the stranger reads their session', 'stranger', 'GET', '/rest/session', undefined, (r) => !!r.json.user);
  const myId = me.json?.user?.id ?? 'missing';
  await step('a lead for oneself', 'stranger', 'POST', '/rest/attribution/dub/lead', { event_name: 'Sign Up', nextauth_user_id: myId }, (r) => r.json.success);
  await step('a lead for someone else', 'stranger', 'POST', '/rest/attribution/dub/lead', { event_name: 'Sign Up', nextauth_user_id: `not-${myId}` });
  await step('a lead by a visitor', 'visitor', 'POST', '/rest/attribution/dub/lead', { event_name: 'Sign Up', nextauth_user_id: myId });
  await step('a browser session by a visitor', 'visitor', 'POST', '/rest/attribution/comet/session', { session_id: 'contract-1' }, (r) => r.json.success);
  await step('a browser event with a bad name', 'visitor', 'POST', '/rest/attribution/comet/event/Not-A-Name', {});
  await step('invite status of a visitor', 'visitor', 'POST', '/rest/browser/invites/status');
  await step('invite status', 'stranger', 'POST', '/rest/browser/invites/status', undefined, (r) => r.json.has_access);
  await step('check an unknown invite code', 'stranger', 'POST', '/rest/browser/invites/claim', { code: 'NONE-0000', dry_run: true });
  await step('a stranger lists invite codes', 'stranger', 'GET', '/rest/admin/browser-invites');
  await step('a stranger issues invite codes', 'stranger', 'POST', '/rest/admin/browser-invites', { count: 1 });
  await step('a visitor issues invite codes', 'visitor', 'POST', '/rest/admin/browser-invites', { count: 1 });
  // A server without mail's help for accounts (issue 30): only an administrator makes a reset link;
  // a code from the server's log is for an unverified address of ADMIN_EMAILS only.
  await step('a stranger makes a reset link', 'stranger', 'POST', '/rest/admin/reset-link', { email: 'memo@contract.example' });
  await step('a visitor makes a reset link', 'visitor', 'POST', '/rest/admin/reset-link', { email: 'memo@contract.example' });
  await step('a verified person asks for a code from the server log', 'stranger', 'POST', '/rest/admin/verification-code');
  await step('a verified person enters a code from the server log', 'stranger', 'POST', '/rest/admin/verification-code/verify', { code: '12345678' });
  await step('a visitor asks for a code from the server log', 'visitor', 'POST', '/rest/admin/verification-code');
  await step('a visitor enters a code from the server log', 'visitor', 'POST', '/rest/admin/verification-code/verify', { code: '12345678' });
  // Upsells of the built-in catalogue: the paywall for a signed-in person only, marked once by them.
  const upsells = (r: Reply) => r.json.upsells.map((u: { name: string }) => u.name);
  await step('a visitor is served no paywall', 'visitor', 'GET', '/rest/homepage-widgets/upsell?app_location=sidebar', undefined, upsells);
  await step('upsells of an unknown place', 'visitor', 'GET', '/rest/homepage-widgets/upsell?app_location=footer');
  const sidebar = await step('a person is served the paywall', 'owner', 'GET', '/rest/homepage-widgets/upsell?app_location=sidebar', undefined, upsells);
  const pro = { upsell_name: 'pro_upgrade', upsell_instance_identifier: sidebar.json?.upsells?.[0]?.upsell_instance_identifier ?? 'x' };
  await step('another marks their upsell', 'stranger', 'POST', '/rest/homepage-widgets/upsell/interacted', pro);
  await step('an unknown upsell is marked', 'owner', 'POST', '/rest/homepage-widgets/upsell/interacted', { ...pro, upsell_name: 'nope' });
  await step('a showing of an uncounted upsell', 'owner', 'POST', '/rest/homepage-widgets/upsell/impression', pro, (r) => r.json);
  await step('they click it', 'owner', 'POST', '/rest/homepage-widgets/upsell/interacted', pro);
  await step('they click it again', 'owner', 'POST', '/rest/homepage-widgets/upsell/interacted', pro);
  await step('a clicked upsell is not served again', 'owner', 'GET', '/rest/homepage-widgets/upsell?app_location=sidebar', undefined, upsells);

  // Memories: one's own, added by hand; another person's key is not found; a visitor signs in first.
  await step('sign up a person for memories', 'memo', 'POST', '/api/auth/sign-up/email', { ...STRANGER, name: 'Memo', email: 'memo@contract.example' });
  const added = await step('remember by hand', 'owner', 'POST', '/rest/memories/add', { content: ' I live in Oslo ' }, (r) => [r.json.content, r.json.origin]);
  const key = added.json?.memory_key ?? 'missing';
  await step('remember the same again', 'owner', 'POST', '/rest/memories/add', { content: 'i live in oslo.' });
  await step('remember nothing', 'owner', 'POST', '/rest/memories/add', { content: '   ' });
  await step('list memories matching', 'owner', 'GET', '/rest/memories/list?query=oslo', undefined, (r) => [
    r.json.total_memory_count,
    r.json.memories.map((m: { content: string }) => m.content),
  ]);
  await step('edit a memory', 'owner', 'PUT', `/rest/memories/edit?memory_key=${key}`, { content: 'I live in Bergen' }, (r) => r.json.content);
  await step(
    'mark a memory not helpful',
    'owner',
    'POST',
    `/rest/memories/toggle_entry_feedback?entry_uuid=${key}&feedback=not_helpful&should_forget=true`,
    {},
    (r) => [r.json.is_thumbs_down, r.json.should_forget],
  );
  await step('a blank comment on a memory', 'owner', 'POST', '/rest/memories/feedback', { memory_key: key, type: 'comment', comment: ' ' });
  await step('a reason on a memory', 'owner', 'POST', '/rest/memories/feedback', { memory_key: key, type: 'accurate' }, (r) => [
    r.json.feedback,
    r.json.feedback_type,
  ]);
  await step('a memory’s entry feedback', 'owner', 'GET', `/rest/memories/get_entries?entry_uuid=${key}`, undefined, (r) => r.json.entries[0].is_thumbs_down);
  await step('read another person’s memory', 'memo', 'GET', `/rest/memories/get?memory_key=${key}`);
  await step('delete another person’s memory', 'memo', 'DELETE', `/rest/memories/delete?memory_key=${key}`);
  await step('a visitor lists memories', 'visitor', 'GET', '/rest/memories/list');
  await step('turn memories off', 'owner', 'PUT', '/rest/memories/settings', { enabled: false }, (r) => r.json.enabled);
  await step('delete a memory', 'owner', 'DELETE', `/rest/memories/delete?memory_key=${key}`);
  await step('delete it again', 'owner', 'DELETE', `/rest/memories/delete?memory_key=${key}`);
  await step('delete all memories', 'owner', 'DELETE', '/rest/memories/delete-all');
  await step('memories after delete-all', 'owner', 'GET', '/rest/memories/list', undefined, (r) => r.json.total_memory_count);
  // Price alerts' market data (issue 18): neither the contract's server nor its mocks have a provider.
  await step('market data status', 'owner', 'GET', '/rest/tasks/market-data/status', undefined, (r) => [r.json.configured, r.json.provider]);
  await step('a visitor asks the market data status', 'visitor', 'GET', '/rest/tasks/market-data/status');
  // The ask box's suggestions (issue 36): neither target has market data or web search, so no tickers and no news.
  await step('ask suggestions of a visitor', 'visitor', 'GET', '/rest/ask/suggestions?query=share');
  await step('ask suggestions for a text nothing holds', 'owner', 'GET', '/rest/ask/suggestions?query=zqxjv%20wq', undefined, (r) => r.json.categories);
  await step('ask suggestions with a limit of 0', 'owner', 'GET', '/rest/ask/suggestions?query=share&limit=0');
  await step('ask suggestions without a query', 'owner', 'GET', '/rest/ask/suggestions');
  // The watchlists (issue 36): neither target has a market-data provider, nor a sports source.
  const W = '/rest/homepage-widgets/watchlist';
  await step('watchlist categories', 'visitor', 'GET', `${W}/categories?type=finance`, undefined, (r) =>
    r.json.results.map((c: { category: string }) => c.category),
  );
  await step('a visitor lists a watchlist', 'visitor', 'GET', `${W}/subscription?type=finance`);
  await step('the owner lists a watchlist', 'owner', 'GET', `${W}/subscription?type=finance`, undefined, (r) => r.json.results.length);
  await step('watchlist add without market data', 'owner', 'PUT', `${W}/subscription?type=finance&identifier=AAPL&category=stocks`);
  await step('watchlist add in an unknown category', 'owner', 'PUT', `${W}/subscription?type=finance&identifier=AAPL&category=bonds`);
  await step('watchlist add of a team without a sports source', 'owner', 'PUT', `${W}/subscription?type=sports&identifier=lakers&category=nba`);
  await step('sports scores without a sports source', 'owner', 'GET', '/rest/homepage-widgets/sports/scores');
  await step('watchlist suggestions without market data', 'owner', 'GET', `${W}/list-autosuggest?type=finance&query=app&limit=5`);
  await step('watchlist reorder of sports', 'owner', 'PATCH', `${W}/subscription?type=sports&identifier=lakers`, { order: 0 });
  await step('watchlist reorder of a missing ticker', 'owner', 'PATCH', `${W}/subscription?type=finance&identifier=AAPL`, { order: 0 });
  await step(
    'watchlist remove of a missing ticker',
    'owner',
    'DELETE',
    `${W}/subscription?type=finance&identifier=AAPL&category=stocks`,
    undefined,
    (r) => r.json.results.length,
  );
  await step('watchlist quotes without market data', 'owner', 'GET', `${W}/quotes`);
  await step('F1 results without an F1 source', 'owner', 'GET', '/rest/homepage-widgets/f1/results');
  await step('F1 suggestions without an F1 source', 'owner', 'GET', `${W}/list-autosuggest?type=f1&query=max`);
  await step('a visitor asks the F1 results', 'visitor', 'GET', '/rest/homepage-widgets/f1/results');
  // Student verification (issue 36): neither target lists school domains.
  await step('student verification', 'owner', 'GET', '/rest/student-verification', undefined, (r) => [r.json.available, r.json.status, r.json.offer]);
  await step('a visitor asks the student verification', 'visitor', 'GET', '/rest/student-verification');
  await step('a student code without school domains', 'owner', 'POST', '/rest/student-verification/email', { email: 'olive@mit.edu' });
  await step('a student code entered with none sent', 'owner', 'POST', '/rest/student-verification/code', { code: '123456' });
  // Availability (issue 36): no calendar connected on either target.
  await step('availability without a calendar', 'owner', 'GET', '/rest/connectors/calendar/availability?days=3', undefined, (r) => [
    r.json.connected,
    r.json.busy.length,
  ]);
  await step('a visitor asks availability', 'visitor', 'GET', '/rest/connectors/calendar/availability');

  // Reservation records (issue 36): hand-overs to venues' own booking pages, the person's own.
  const R = '/rest/places/reservations';
  const table = {
    kind: 'restaurant',
    place: { place_id: 'osm:node:301', name: 'Trattoria Roma', address: 'Rua Garrett, Lisbon', website: 'https://trattoria-roma.example/', phone: null },
    handed_over_to: 'https://trattoria-roma.example/',
    details: { date: '2099-06-01', time: '19:30', party_size: 4 },
  };
  await step('a visitor lists reservations', 'visitor', 'GET', R);
  await step('a visitor keeps a reservation', 'visitor', 'POST', R, table);
  await step('the owner keeps a reservation', 'owner', 'POST', R, table, (r) => [r.json.kind, r.json.place.name, r.json.details]);
  await step('a reservation without its party', 'owner', 'POST', R, { ...table, details: { date: '2099-06-01', time: '19:30' } });
  await step('a reservation handed over to a script', 'owner', 'POST', R, { ...table, handed_over_to: 'javascript:alert(1)' });
  await step('a stay that ends as it starts', 'owner', 'POST', R, {
    ...table,
    kind: 'hotel',
    details: { check_in: '2099-06-01', check_out: '2099-06-01', guests: 2, rooms: 1 },
  });
  const kept = await step('the owner lists reservations', 'owner', 'GET', R, undefined, (r) =>
    r.json.reservations.map((x: { place: { name: string } }) => x.place.name),
  );
  const keptId = kept.json?.reservations?.[0]?.reservation_id ?? '00000000-0000-4000-8000-000000000000';
  await step("the stranger removes the owner's reservation", 'stranger', 'DELETE', `${R}/${keptId}`);
  await step('the owner removes a reservation', 'owner', 'DELETE', `${R}/${keptId}`);
  await step('the owner removes it again', 'owner', 'DELETE', `${R}/${keptId}`);

  // Notifications: preferences all on until changed, the centre, and a browser's push subscription.
  await step('notification preferences', 'owner', 'GET', '/rest/notifications/preferences', undefined, (r) => r.json);
  const quiet = { should_send_email: false, should_send_in_app: true, should_send_push: true };
  await step('turn notification mail off', 'owner', 'PUT', '/rest/notifications/preferences', quiet, (r) => r.json.should_send_email);
  await step('notification preferences half given', 'owner', 'PUT', '/rest/notifications/preferences', { should_send_email: true });
  // Not the unread count: the server drops the notice of the stranger's access request (told above)
  // when the stranger's account is erased (above), by a workflow a slow run's script can overtake.
  await step('the notification centre', 'owner', 'GET', '/rest/notifications', undefined, (r) => typeof r.json.unread_count);
  await step('read a notification that does not exist', 'owner', 'POST', '/rest/notifications/no-such-notification/read');
  await step('read all notifications', 'owner', 'POST', '/rest/notifications/read-all');
  const keys = { p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)]).toString('base64url'), auth: Buffer.alloc(16, 2).toString('base64url') };
  await step('subscribe a browser over http', 'owner', 'POST', '/rest/notifications/push/subscriptions', { endpoint: 'http://push.example.com/a', keys });
  await step('subscribe a browser', 'owner', 'POST', '/rest/notifications/push/subscriptions', { endpoint: 'https://push.example.com/a', keys });
  await step('unsubscribe another person’s browser', 'memo', 'DELETE', '/rest/notifications/push/subscriptions', { endpoint: 'https://push.example.com/a' });
  await step('unsubscribe the browser', 'owner', 'DELETE', '/rest/notifications/push/subscriptions', { endpoint: 'https://push.example.com/a' });
  await step('a visitor’s notification centre', 'visitor', 'GET', '/rest/notifications');

  // The try-on avatar: what needs no image provider (generating is tested against its fake, tests/integration/try-on.int.test.ts).
  await step('a visitor’s try-on avatar', 'visitor', 'GET', '/rest/shopping/try-on-photo/get');
  await step('no try-on avatar yet', 'owner', 'GET', '/rest/shopping/try-on-photo/get', undefined, (r) => r.json);
  const noImage = '/rest/shopping/try-on-photo/images/00000000-0000-4000-8000-000000000000';
  await step('save an avatar never generated', 'owner', 'PUT', '/rest/shopping/try-on-photo/save', { try_on_photo_url: noImage });
  await step('save an address that is no avatar', 'owner', 'PUT', '/rest/shopping/try-on-photo/save', {
    try_on_photo_url: 'https://elsewhere.example.com/a.png',
  });
  await step('a try-on image that does not exist', 'owner', 'GET', noImage);
  await step('delete a try-on avatar never made', 'owner', 'DELETE', '/rest/shopping/try-on-photo/delete', undefined, (r) => r.json);
  await step('a visitor deletes a try-on avatar', 'visitor', 'DELETE', '/rest/shopping/try-on-photo/delete');

  // Store carts: what needs no Shopify store (carts at one are tested against its fake, tests/integration/shopping-carts.int.test.ts).
  await step('a visitor makes a store cart', 'visitor', 'POST', '/rest/shopping/create-firmly-cart', { option_key: 'any-option' });
  await step('a store cart with no option', 'owner', 'POST', '/rest/shopping/create-firmly-cart', {});
  await step('shipping info for a cart that is not theirs', 'owner', 'POST', '/rest/shopping/set-firmly-shipping-info', {
    cart_id: 'gid://shopify/Cart/someone-else',
    shipping_address: { name: 'Ada Walker', line1: '1 Ridge Road', city: 'Bergen', postal_code: '5003', country: 'NO' },
  });
  await step('a checkout session with no cart', 'owner', 'GET', '/rest/shopping/create-firmly-session');
  await step('a visitor’s checkout session', 'visitor', 'GET', '/rest/shopping/create-firmly-session');
  return out;
}
