// Data rights on the real server and PostgreSQL: a person with threads, a Space shared with
// another member, another Space of their own, a membership in someone else's Space, a bookmark,
// a file, a shopping order (a merchant feed fake's product, paid through the Stripe fake) and a
// try-on avatar (the image provider fake's) exports all of it in one zip, then deletes the
// account: the shared Space goes to the member they chose, and neither the read models, nor the
// event log, nor a rebuild of every projection afterwards holds their name, address or question
// text, nor any row of their orders or images.
import JSZip from 'jszip';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { projections } from '../../services/app/projections.js';
import { createDb, createPool, type Db } from '../../services/db/database.js';
import { rebuildProjections } from '../../services/eventstore/rebuild.js';
import { EventStore } from '../../services/eventstore/store.js';
import { createTestDatabase } from '../support/database.js';
import { MY_FILES, postToBucket, uploadAndIndex, uploadUrls } from '../support/files.js';
import type { Browser } from '../support/http.js';
import { askAndWait, PASSWORD, signedUp, visitor } from '../support/people.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { allTables } from '../support/all-tables.js';
import { startImageProviderFake } from '../fakes/image-provider.js';
import { startStripeFake, type StripeFake } from '../fakes/stripe/index.js';
import { optionKeyOf, startMerchantCatalogue } from '../support/merchant-catalogue.js';

let database: { url: string; drop: () => Promise<void> };
let server: ServerProcess;
let db: Db;
let stripe: StripeFake;
let provider: Awaited<ReturnType<typeof startImageProviderFake>>;
let catalogue: Awaited<ReturnType<typeof startMerchantCatalogue>>;
beforeAll(async () => {
  database = await createTestDatabase('data_rights');
  [stripe, provider, catalogue] = await Promise.all([
    startStripeFake(),
    startImageProviderFake(),
    startMerchantCatalogue([{ id: 'peak', name: 'Peak Outdoors', items: [{ id: 'K1', title: 'Enamel camping kettle', price: '24.00 EUR' }] }]),
  ]);
  server = await startServerProcess({
    databaseUrl: database.url,
    env: { ...stripe.env(), ...provider.env(), ...catalogue.env, STRIPE_PUBLISHABLE_KEY: 'pk_test_fake_0123456789' },
  });
  await catalogue.synced(server.url);
  const pool = createPool(database.url, 2);
  pool.on('error', () => {});
  db = createDb(pool);
});
afterAll(async () => {
  await db?.destroy();
  await server?.stop();
  await Promise.all([stripe?.close(), provider?.close(), catalogue?.close()]);
  await database?.drop();
});

const stamp = Date.now();
const ADA_NAME = `Adaquilla${stamp}`;
const ADA_EMAIL = `adaquilla.${stamp}@example.com`;
const QUESTION = `What do zebraquuxes${stamp} eat`;
const SPACE_TITLE = `Quillspace${stamp}`;
const FILE_TEXT = `Notes on zebraquuxes${stamp}: they graze.`;
const STREET = `${stamp} Quillwood Lane`;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Every table of the app's schema whose rows, as text, hold `needle`, with the count. */
async function tablesHolding(needle: string) {
  const tables = (
    await sql<{ t: string }>`select table_name as t from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`.execute(db)
  ).rows;
  const found: Record<string, number> = {};
  for (const { t } of tables) {
    const { rows } = await sql<{ n: string }>`select count(*) as n from ${sql.table(t)} as r where r::text ilike ${`%${needle}%`}`.execute(db);
    if (Number(rows[0].n) > 0) found[t] = Number(rows[0].n);
  }
  return found;
}

const MEETING_DEFAULTS = { minutes: 45, day_start_hour: 6, day_end_hour: 14, weekdays: [0, 6] };
let ada: Browser;
let bob: Browser;
let shared: { uuid: string };
let solo: { uuid: string };
let bobs: { uuid: string };
let thread: { context_uuid: string };

describe('a person with threads, Spaces, a bookmark and a file', () => {
  test('set up', async () => {
    ada = await signedUp(server.url, ADA_NAME, ADA_EMAIL);
    bob = await signedUp(server.url, 'Bob');
    const bobEmail = (await bob.get('/rest/session')).json.user.email;
    thread = await askAndWait(server.url, ada, QUESTION);
    const asked = await askAndWait(server.url, ada, `${QUESTION} in winter`);
    expect(
      (await ada.post('/rest/collections/upsert_thread_collection', { entry_uuid: asked.backend_uuid, upsert_type: 'bookmark', return_collection: true }))
        .status,
    ).toBe(200);

    shared = (await ada.post('/rest/collections/create_collection', { title: SPACE_TITLE, instructions: 'Answer briefly.' })).json;
    expect((await ada.post(`/rest/collections/${shared.uuid}/members`, { email: bobEmail, role: 'WRITER' })).status).toBe(200);
    expect((await bob.post(`/rest/collections/${shared.uuid}/members/accept`, {})).status).toBe(200);
    solo = (await ada.post('/rest/collections/create_collection', { title: `${SPACE_TITLE} alone` })).json;

    bobs = (await bob.post('/rest/collections/create_collection', { title: 'Bob’s garden' })).json;
    expect((await bob.post(`/rest/collections/${bobs.uuid}/members`, { email: ADA_EMAIL, role: 'READER' })).status).toBe(200);
    expect((await ada.post(`/rest/collections/${bobs.uuid}/members/accept`, {})).status).toBe(200);

    await uploadAndIndex(ada, MY_FILES, [{ filename: `${ADA_NAME}-notes.txt`, bytes: new TextEncoder().encode(FILE_TEXT), content_type: 'text/plain' }]);
    // An upload started and never indexed: its bytes wait for their expiry.
    const draft = { filename: `${ADA_NAME}-draft.txt`, bytes: new TextEncoder().encode(`Draft: ${FILE_TEXT}`), content_type: 'text/plain' };
    const urls = await uploadUrls(ada, MY_FILES, [draft]);
    expect((await postToBucket(server.url, urls.json.file_url_params[0], draft)).status).toBe(201);

    // A shopping order shipped to her street, and a saved try-on avatar made from a selfie.
    const order = await ada.post('/rest/shopping/create-shopping-order', {
      items: [{ option_key: optionKeyOf('peak', 'K1'), quantity: 1, unit_price_minor: 2400, currency: 'eur' }],
      shipping_address: { name: ADA_NAME, line1: STREET, city: 'Innsbruck', postal_code: '6020', country: 'AT' },
    });
    expect(order.status, order.text).toBe(200);
    const selfie = await ada.post('/rest/uploads/create_upload_url', {
      filename: 'selfie.png',
      content_type: 'image/png',
      file_size: PNG.byteLength,
      force_image: true,
    });
    expect((await postToBucket(server.url, selfie.json, { filename: 'selfie.png', bytes: PNG, content_type: 'image/png' })).status).toBe(201);
    const avatar = await ada.post('/rest/shopping/try-on-photo/generate-avatar', { user_image_url: selfie.json.s3_object_url });
    expect(avatar.status, avatar.text).toBe(200);
    expect((await ada.send('PUT', '/rest/shopping/try-on-photo/save', { json: { try_on_photo_url: avatar.json.try_on_photo_url } })).status).toBe(200);
    // Her meeting defaults (when she works).
    expect((await ada.send('PUT', '/rest/account/meeting-defaults', { json: MEETING_DEFAULTS })).status).toBe(200);
  });
});

describe('export', () => {
  test('a workflow builds one zip of everything the person owns; only its owner downloads it', async () => {
    const anonymous = await visitor(server.url);
    expect((await anonymous.post('/rest/account/export')).status).toBe(401);
    expect((await anonymous.get('/rest/account/export')).status).toBe(401);

    const asked = await ada.post('/rest/account/export');
    expect(asked.status, asked.text).toBe(202);
    expect(asked.json).toMatchObject({ status: 'preparing', download_url: null });
    // Asking again while it is prepared answers the same export.
    const again = await ada.post('/rest/account/export');
    expect([again.json.export_id, again.json.status]).toEqual([asked.json.export_id, again.json.status]);
    const id = asked.json.export_id as string;
    const ready = await until('the export', async () => {
      const r = (await ada.get('/rest/account/export')).json.export;
      return r.status === 'ready' && r;
    });
    expect(ready).toMatchObject({ export_id: id, download_url: `/rest/account/export/${id}/download` });
    expect(Date.parse(ready.expires_at) - Date.parse(ready.ready_at)).toBe(7 * 24 * 3600 * 1000);

    expect((await bob.get(`/rest/account/export/${id}/download`)).json).toMatchObject({ code: 'export_not_found' });
    expect((await bob.get(`/rest/account/export/${id}/download`)).status).toBe(404);
    expect((await anonymous.get(`/rest/account/export/${id}/download`)).status).toBe(401);
    expect((await bob.get('/rest/account/export')).json).toEqual({ export: null });

    const res = await fetch(new URL(ready.download_url, server.url), { headers: { cookie: ada.cookieHeader() } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="your-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    const zip = await JSZip.loadAsync(await res.arrayBuffer());
    const names = Object.keys(zip.files);
    const profile = JSON.parse(await zip.file('profile.json')!.async('string'));
    expect(profile).toMatchObject({ name: ADA_NAME, email: ADA_EMAIL });
    const markdown = await Promise.all(names.filter((n) => n.startsWith('threads/') && n.endsWith('.md')).map((n) => zip.file(n)!.async('string')));
    expect(markdown).toHaveLength(2);
    expect(markdown.join('\n')).toContain(`## ${QUESTION}`);
    const threadJson = JSON.parse(
      await zip.file(names.find((n) => n.endsWith('.json') && n.startsWith('threads/') && !n.endsWith('index.json'))!)!.async('string'),
    );
    expect(threadJson.entries[0]).toHaveProperty('sources');
    const spaces = JSON.parse(await zip.file('spaces.json')!.async('string'));
    expect(spaces.owned.map((s: { title: string }) => s.title).sort()).toEqual([SPACE_TITLE, `${SPACE_TITLE} alone`]);
    expect(spaces.member_of.map((s: { uuid: string }) => s.uuid)).toEqual([bobs.uuid]);
    const files = JSON.parse(await zip.file('files/index.json')!.async('string'));
    expect(files).toHaveLength(1);
    expect(await zip.file(files[0].path)!.async('string')).toBe(FILE_TEXT);
    const bookmarks = JSON.parse(await zip.file('bookmarks.json')!.async('string'));
    expect(bookmarks).toHaveLength(1);
    // Her order with its address, her saved address, and her avatar with its bytes.
    const shopping = JSON.parse(await zip.file('shopping/orders.json')!.async('string'));
    expect(shopping.saved_shipping_address).toMatchObject({ name: ADA_NAME, line1: STREET });
    expect(shopping.orders).toEqual([
      expect.objectContaining({
        total_minor: 2400,
        shipping_address: expect.objectContaining({ line1: STREET }),
        items: [expect.objectContaining({ title: 'Enamel camping kettle' })],
      }),
    ]);
    const images = JSON.parse(await zip.file('shopping/try-on.json')!.async('string'));
    expect(images).toEqual([expect.objectContaining({ kind: 'avatar', saved_avatar: true, content_type: 'image/png' })]);
    expect((await zip.file(images[0].path)!.async('nodebuffer')).equals(PNG)).toBe(true);
    expect(JSON.parse(await zip.file('settings/meeting-defaults.json')!.async('string'))).toEqual(MEETING_DEFAULTS);

    // The mail that says it is ready, through the account mail path.
    await until(
      'the export mail',
      async () =>
        await allTables(db)
          .selectFrom('mail_outbox')
          .select('id')
          .where('id', '=', `account-export-${id}`)
          .where('status', '=', 'delivered')
          .executeTakeFirst(),
    );
  });
});

describe('deletion', () => {
  test('needs the password, the typed confirmation and a hand-over to a joined member; strangers and visitors cannot', async () => {
    const anonymous = await visitor(server.url);
    expect((await anonymous.post('/rest/account/delete', { password: PASSWORD, confirmation: 'DELETE' })).status).toBe(401);
    expect((await anonymous.get('/rest/account/owned-spaces')).status).toBe(401);
    const wrong = await ada.post('/rest/account/delete', { password: 'not-the-password', confirmation: 'DELETE' });
    expect([wrong.status, wrong.json.code]).toEqual([400, 'wrong_password']);
    const unconfirmed = await ada.post('/rest/account/delete', { password: PASSWORD, confirmation: 'delete it' });
    expect([unconfirmed.status, unconfirmed.json.code]).toEqual([400, 'confirmation_mismatch']);
    const owned = (await ada.get('/rest/account/owned-spaces')).json.spaces as { uuid: string; heirs: { member_id: string }[] }[];
    expect(owned.map((s) => s.uuid).sort()).toEqual([shared.uuid, solo.uuid].sort());
    const heir = owned.find((s) => s.uuid === shared.uuid)!.heirs[0].member_id;
    expect(owned.find((s) => s.uuid === solo.uuid)!.heirs).toEqual([]);
    // Bob cannot be handed a Space he never joined, nor can Ada give away Bob's.
    const notHis = await ada.post('/rest/account/delete', { password: PASSWORD, confirmation: 'DELETE', hand_over: { [solo.uuid]: heir } });
    expect([notHis.status, notHis.json.code]).toEqual([400, 'invalid_hand_over']);
    const notHers = await ada.post('/rest/account/delete', { password: PASSWORD, confirmation: 'DELETE', hand_over: { [bobs.uuid]: heir } });
    expect([notHers.status, notHers.json.code]).toEqual([400, 'invalid_hand_over']);
    // Nothing was half-written by the refusals: Ada is still signed in.
    expect((await ada.get('/rest/session')).json.user).toMatchObject({ email: ADA_EMAIL });
  });

  test('deletes the account: the Space goes to Bob, and nothing of Ada is left in any table, even after a rebuild', async () => {
    const owned = (await ada.get('/rest/account/owned-spaces')).json.spaces as { uuid: string; heirs: { member_id: string }[] }[];
    const heir = owned.find((s) => s.uuid === shared.uuid)!.heirs[0].member_id;
    const userId = (await ada.get('/rest/session')).json.user.id as string;
    const res = await ada.post('/rest/account/delete', { password: PASSWORD, confirmation: 'DELETE', hand_over: { [shared.uuid]: heir } });
    expect(res.status, res.text).toBe(202);
    expect((await ada.get('/rest/session')).json.user).toBeNull();
    const signIn = await (await visitor(server.url)).post('/api/auth/sign-in/email', { email: ADA_EMAIL, password: PASSWORD });
    expect(signIn.status).toBe(401);

    await until(
      'the erasure',
      async () =>
        await allTables(db)
          .selectFrom('events')
          .select('global_position')
          .where('type', '=', 'AccountErased')
          .where(sql<boolean>`data->>'user_id' = ${userId}`)
          .executeTakeFirst(),
    );
    await until('the deletion workflow', async () => {
      const { rows } = await sql<{ status: string }>`select status from dbos.workflow_status where workflow_uuid = ${`delete-account-${userId}`}`.execute(db);
      return rows[0]?.status === 'SUCCESS';
    });

    const leftovers = async () => ({
      name: await tablesHolding(ADA_NAME),
      email: await tablesHolding(ADA_EMAIL),
      question: await tablesHolding(QUESTION),
      space: await tablesHolding(`${SPACE_TITLE} alone`),
      file: await tablesHolding(FILE_TEXT),
      street: await tablesHolding(STREET),
    });
    const nothing = { name: {}, email: {}, question: {}, space: {}, file: {}, street: {} };
    expect(await leftovers()).toEqual(nothing);
    // No order, saved address or try-on image of hers is left (the order's record without her address stays in the log).
    for (const table of ['shopping_orders', 'shoppers', 'try_on_images', 'try_on_avatars', 'account_settings'] as const)
      expect(await allTables(db).selectFrom(table).select('user_id').where('user_id', '=', userId).execute(), table).toEqual([]);
    expect(await allTables(db).selectFrom('file_uploads').select('object_key').where('uploaded_by_user_id', '=', userId).execute()).toEqual([]);
    expect(await tablesHolding(userId)).toEqual(
      expect.not.objectContaining({ accounts: expect.anything(), user: expect.anything(), bookmarks: expect.anything() }),
    );

    // Bob owns the handed-over Space (its title and instructions stay: they are the Space's), his own Space lost Ada.
    const got = await bob.get(`/rest/collections/get_collection?collection_slug=${shared.uuid}`);
    expect(got.json).toMatchObject({ title: SPACE_TITLE, user_permission: 4 });
    const members = (await bob.get(`/rest/collections/${bobs.uuid}/members`)).json;
    expect(JSON.stringify(members)).not.toContain(ADA_EMAIL);
    expect((await bob.get(`/rest/collections/get_collection?collection_slug=${solo.uuid}`)).status).toBe(404);
    expect((await bob.get(`/rest/threads/${thread.context_uuid}`)).status).toBe(404);

    // Her meeting defaults' event keeps its shape with her working hours and days blanked.
    const meeting = await allTables(db)
      .selectFrom('events')
      .select('data')
      .where('type', '=', 'MeetingDefaultsChanged')
      .where('stream_id', '=', `account-settings-${userId}`)
      .execute();
    expect(meeting.map((e) => e.data)).toEqual([expect.objectContaining({ minutes: null, day_start_hour: null, day_end_hour: null, weekdays: [] })]);

    // A rebuild of every projection from the (erased) log shows nothing of her either.
    const store = new EventStore(db, projections);
    await rebuildProjections(store);
    expect(await leftovers()).toEqual(nothing);
    expect(await allTables(db).selectFrom('account_settings').select('user_id').where('user_id', '=', userId).execute()).toEqual([]);
    const rebuilt = await bob.get(`/rest/collections/get_collection?collection_slug=${shared.uuid}`);
    expect(rebuilt.json).toMatchObject({ title: SPACE_TITLE, user_permission: 4 });

    // Nor do the workflow runtime's records of her answers and welcome mail.
    for (const table of ['workflow_status', 'operation_outputs'])
      for (const needle of [QUESTION, ADA_EMAIL, ADA_NAME]) {
        const { rows } = await sql<{ n: string }>`select count(*) as n from ${sql.table(`dbos.${table}`)} as r where r::text ilike ${`%${needle}%`}`.execute(
          db,
        );
        expect(Number(rows[0].n), `${needle} in dbos.${table}`).toBe(0);
      }
  });
});
