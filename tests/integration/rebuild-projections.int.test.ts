// `make rebuild-projections` (scripts/rebuild-projections.ts) on a database whose read models
// were damaged: every read model is back to what the events say, and the script says what it did.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { projections } from '../../services/app/projections.js';
import type { Db } from '../../services/db/database.js';
import { EventStore } from '../../services/eventstore/store.js';
import { recordEmailVerified, recordTwoFactor, registerAccount } from '../../services/identity/use-cases.js';
import { deliverMail, queueMail } from '../../services/mail/use-cases.js';
import { decideAddSiteInstruction, decidePersonalization } from '../../services/settings/decide.js';
import { changeSettings } from '../../services/settings/use-cases.js';
import { askInThread, finishEntry } from '../../services/threads/use-cases.js';
import { migratedDb } from '../support/database.js';
import { allTables } from '../support/all-tables.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
let db: Db;
let url: string;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ db, url, close } = await migratedDb());
});
afterAll(async () => close?.());

const snapshot = async () => ({
  accounts: (await sql`select * from accounts order by user_id`.execute(db)).rows,
  visitor_claims: (await sql`select * from visitor_claims order by visitor_id`.execute(db)).rows,
  mail_outbox: (await sql`select * from mail_outbox order by id`.execute(db)).rows,
  threads: (await sql`select * from threads order by context_uuid`.execute(db)).rows,
  thread_entries: (await sql`select * from thread_entries order by backend_uuid`.execute(db)).rows,
  account_settings: (await sql`select * from account_settings order by user_id`.execute(db)).rows,
  site_instructions: (await sql`select * from site_instructions order by user_id, domain`.execute(db)).rows,
});

test('make rebuild-projections restores every read model from the event log', async () => {
  const store = new EventStore(db, projections);
  const now = new Date('2025-06-01T12:00:00Z');
  const outbox = { via: 'outbox' as const, send: async () => {} };
  for (const [i, visitor] of [
    [1, '11111111-1111-4111-8111-111111111111'],
    [2, null],
    [3, '33333333-3333-4333-8333-333333333333'],
  ] as const) {
    await registerAccount(store, { userId: `u${i}`, email: `u${i}@example.com`, name: `User ${i}`, visitorId: visitor, now });
    await queueMail(store, { mail_id: `welcome-u${i}`, user_id: `u${i}`, to: `u${i}@example.com`, subject: 'Welcome', text: 'Hi' }, now);
  }
  await deliverMail(store, outbox, 'welcome-u1', () => now);
  await deliverMail(store, outbox, 'welcome-u3', () => now);
  const context = '44444444-4444-4444-8444-444444444444';
  const backend = '55555555-5555-4555-8555-555555555555';
  const asker = { user_id: 'u1', visitor_ids: [], visitor_id: 'v1' };
  await askInThread(
    store,
    {
      context_uuid: context,
      backend_uuid: backend,
      thread_url_slug: 'hi-4444',
      frontend_context_uuid: null,
      query_str: 'Hi?',
      search_mode: 'auto',
      incognito: false,
      model: 'offline-extractive',
      asker,
      now,
    },
    true,
  );
  await finishEntry(store, context, backend, { kind: 'completed', answer: 'Hello [1]', related_questions: [] }, now);
  const who = { userId: 'u1', now };
  await changeSettings(store, 'u1', (s) => decidePersonalization(s, { ...who, personalization: { about_me: 'I teach.', answer_style: 'concise' } }));
  await changeSettings(store, 'u1', (s) => decideAddSiteInstruction(s, { ...who, domain: 'example.com', instructions: 'Be brief.' }));
  // u1 verified its address and turned two-factor sign-in on; u3 turned it on and off again.
  await recordEmailVerified(store, { userId: 'u1', via: 'link', now });
  await recordTwoFactor(store, { userId: 'u1', enabled: true, now });
  await recordTwoFactor(store, { userId: 'u3', enabled: true, now });
  await recordTwoFactor(store, { userId: 'u3', enabled: false, now });
  const good = await snapshot();
  expect(
    (good.accounts as { user_id: string; email_verified_at: Date | null; two_factor_enabled: boolean }[]).map((a) => [
      a.user_id,
      a.email_verified_at,
      a.two_factor_enabled,
    ]),
  ).toEqual([
    ['u1', now, true],
    ['u2', null, false],
    ['u3', null, false],
  ]);
  expect(good.account_settings).toHaveLength(1);
  expect(good.site_instructions).toHaveLength(1);
  expect(good.accounts).toHaveLength(3);
  expect(good.visitor_claims).toHaveLength(2);
  expect(good.thread_entries).toHaveLength(1);

  // An operator's bad day: rows lost, changed by hand, and made up.
  await allTables(db).deleteFrom('accounts').where('user_id', '=', 'u2').execute();
  await allTables(db).updateTable('accounts').set({ two_factor_enabled: false, email_verified_at: null }).where('user_id', '=', 'u1').execute();
  await allTables(db).deleteFrom('visitor_claims').execute();
  await allTables(db).deleteFrom('thread_entries').execute();
  await allTables(db).updateTable('account_settings').set({ about_me: 'changed by hand' }).execute();
  await allTables(db).deleteFrom('site_instructions').execute();
  await allTables(db).updateTable('threads').set({ thread_access: 'public read' }).execute();
  await allTables(db).updateTable('mail_outbox').set({ status: 'delivered', via: 'smtp' }).where('id', '=', 'welcome-u2').execute();
  await allTables(db)
    .insertInto('mail_outbox')
    .values({ id: 'ghost', user_id: null, to: 'x@example.com', subject: 's', text: 't', status: 'queued', via: null, queued_at: now, delivered_at: null })
    .execute();
  expect(await snapshot()).not.toEqual(good);

  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/rebuild-projections.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', DATABASE_URL: url },
  });
  expect(stdout).toMatch(
    /^rebuilt accounts, visitor_claims, mail_outbox, threads, thread_entries, thread_access_requests, thread_readers, bookmarks, article_likes, article_views, spaces, space_members, files, file_uploads, org_file_settings, file_withheld_connections, image_uploads, account_settings, site_instructions, data_exports, orgs, org_members, org_invitations, org_sso, browser_invites, browser_invite_claims, upsell_marks, subscriptions, memories, memory_switches, mcp_servers, mcp_tool_settings, mcp_calls, connector_connections, connector_items, connector_documents, connector_groups, price_alert_states, watchlist_items, student_verifications, notification_preferences, notifications, push_subscriptions, tasks, api_keys, api_key_usage, agent_tasks, agent_steps, agent_screenshots, research_reports, research_steps, shopping_orders, shoppers, shopping_carts, try_on_images, try_on_avatars, shopping_products, shopping_options, shopping_merchant_syncs, shopping_entry_widgets, shopping_term_stats, shopping_catalogue_stats, shopping_stat_changes, place_entry_places, place_reservations, passages, passage_corpus_stats, passage_term_stats, passage_stat_changes, passage_withheld_origins, passage_segments, passage_postings from 19 events in \d+ ms\n$/,
  );
  expect(await snapshot()).toEqual(good);
});
