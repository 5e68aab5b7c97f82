// The steps of deleting an account (workflows/delete-account.ts runs them in order, durably).
// Each step can run again after a crash and finishes the job without doing anything twice. Steps
// take and return ids and counts only: a workflow's recorded inputs and outputs must never hold
// what is being erased.
import { sql } from 'kysely';
import { deleteSpace } from '../bookmarks/index.js';
import { eraseEvents, type ErasedPerson, type Redactors } from '../eventstore/erasure.js';
import type { Trx } from '../eventstore/types.js';
import { deleteAllFiles } from '../files/index.js';
import { accountStream, decideErase, evolveAccount, initialAccount, namesAndEmailsOf } from '../identity/index.js';
import { discardMailOf } from '../mail/index.js';
import { departAllOrgs } from '../orgs/index.js';
import type { KernelContext } from '../shared/context.js';
import { decideHandOver, decideLeaveAll, decideSpace, ownerFacts } from '../spaces/index.js';
import { decideAndAppend, decideDeleteThread } from '../threads/index.js';
import { exportsOf } from './queries.js';
import { crossRead } from '../db/cross-read.js';

/** Better Auth's rows that let the person in: their sessions and credentials. Sign-in fails from here on. */
export async function closeSignIn(ctx: KernelContext, userId: string) {
  const sessions = await sql`delete from "session" where "userId" = ${userId}`.execute(ctx.db);
  await sql`delete from "account" where "userId" = ${userId}`.execute(ctx.db);
  return Number(sessions.numAffectedRows ?? 0);
}

/** The addresses and names the account has had: its own stream's and Better Auth's current ones. */
async function namesAndEmails(db: KernelContext['db'] | Trx, userId: string) {
  const events = await crossRead(db).selectFrom('events').select('data').where('stream_id', '=', accountStream(userId)).execute();
  const user = await crossRead(db).selectFrom('user').select(['email', 'name']).where('id', '=', userId).executeTakeFirst();
  const found = namesAndEmailsOf([...events, ...(user ? [{ data: { email: user.email, name: user.name } }] : [])]);
  return found;
}

/** Each owned Space goes to the member chosen for it, or is removed (also when that member has left since). */
export async function settleSpaces(ctx: KernelContext, userId: string, handOver: Record<string, string>) {
  const owned = await crossRead(ctx.db).selectFrom('spaces').select('uuid').where('owner_user_id', '=', userId).execute();
  const { emails } = await namesAndEmails(ctx.db, userId);
  const actor = { user_id: userId, email: emails[0] ?? null, org_uuid: null };
  let handedOver = 0;
  let removed = 0;
  for (const { uuid } of owned) {
    const heir = handOver[uuid];
    if (heir) {
      try {
        await decideSpace(ctx.store, uuid, (state) => decideHandOver(state, { owner_user_id: userId, member_id: heir, now: ctx.now() }));
        handedOver++;
        continue;
      } catch (err) {
        ctx.logger.warn({ err, space: uuid }, 'a Space could not be handed over; it is removed instead');
      }
    }
    await deleteSpace(ctx, uuid, actor, await ownerFacts(ctx.db, userId));
    removed++;
  }
  return { handedOver, removed };
}

/** The person leaves every other Space they joined or were invited to. */
export async function leaveSpaces(ctx: KernelContext, userId: string) {
  const { emails } = await namesAndEmails(ctx.db, userId);
  let q = crossRead(ctx.db).selectFrom('space_members').select('space_uuid').distinct();
  q = emails.length ? q.where((eb) => eb.or([eb('user_id', '=', userId), eb('email', 'in', emails)])) : q.where('user_id', '=', userId);
  const rows = await q.execute();
  for (const { space_uuid } of rows) await decideSpace(ctx.store, space_uuid, (state) => decideLeaveAll(state, { user_id: userId, emails, now: ctx.now() }));
  return rows.length;
}

/**
 * The person leaves every organisation through its stream (so its members, seats and insights stop
 * counting them); one they were alone in closes, and its files go with it.
 */
export async function leaveOrgs(ctx: KernelContext, userId: string) {
  const { left, closed } = await departAllOrgs(ctx, userId);
  for (const org of closed) await deleteAllFiles(ctx, { type: 'ORG', owner_id: org }, userId);
  return { left, closed: closed.length };
}

/** Every thread the person owns, asked signed in or as a visitor they claimed. */
export async function removeThreads(ctx: KernelContext, userId: string) {
  const visitorIds = (await crossRead(ctx.db).selectFrom('visitor_claims').select('visitor_id').where('user_id', '=', userId).execute()).map(
    (r) => r.visitor_id,
  );
  const threads = await crossRead(ctx.db)
    .selectFrom('threads')
    .select('context_uuid')
    .where((eb) => eb.or([eb('owner_user_id', '=', userId), ...(visitorIds.length ? [eb('owner_visitor_id', 'in', visitorIds)] : [])]))
    .execute();
  const viewer = { user_id: userId, visitor_ids: visitorIds };
  for (const t of threads)
    await decideAndAppend(ctx.store, t.context_uuid, (state) => ({
      events: state.started ? decideDeleteThread(state, { viewer, now: ctx.now() }) : [],
      result: undefined,
    }));
  return threads.length;
}

/**
 * The person's own files (their library) with their stored bytes, the bytes of uploads they
 * started and never finished (their expiry workflows are forgotten with the account), their
 * export archives' bytes and their picture.
 */
export async function removeFiles(ctx: KernelContext, userId: string) {
  await deleteAllFiles(ctx, { type: 'USER', owner_id: userId }, userId);
  const pending = await crossRead(ctx.db).selectFrom('file_uploads').select('object_key').where('uploaded_by_user_id', '=', userId).execute();
  for (const u of pending) await ctx.storage.delete(u.object_key).catch((err) => ctx.logger.warn({ err }, 'could not remove an unfinished upload'));
  for (const e of await exportsOf(ctx.db, userId))
    if (e.object_key) await ctx.storage.delete(e.object_key).catch((err) => ctx.logger.warn({ err }, 'could not remove an export archive'));
  // Their picture, readable by its address until removed.
  const account = await crossRead(ctx.db).selectFrom('accounts').select('avatar_key').where('user_id', '=', userId).executeTakeFirst();
  if (account?.avatar_key) await ctx.storage.delete(account.avatar_key).catch((err) => ctx.logger.warn({ err }, 'could not remove a picture'));
}

export async function discardMail(ctx: KernelContext, userId: string) {
  const { emails, names } = await namesAndEmails(ctx.db, userId);
  return discardMailOf(ctx.store, { userId, emails, names }, ctx.now());
}

/**
 * What is wholly the person's in the log, found in the events themselves (read models of deleted
 * things are gone by now): their account and bookmarks, every thread they owned, every Space they
 * owned that is deleted, every file of their library or of such a Space, every organisation
 * that closed as they left it.
 */
export async function erasedPerson(trx: Trx, userId: string): Promise<ErasedPerson> {
  const { emails, names } = await namesAndEmails(trx, userId);
  const streamsWhere = async (type: string, where: ReturnType<typeof sql<boolean>>) =>
    (await crossRead(trx).selectFrom('events').select('stream_id').distinct().where('type', '=', type).where(where).execute()).map((r) => r.stream_id);
  const visitorIds = (
    await crossRead(trx)
      .selectFrom('events')
      .select(sql<string>`data->>'visitor_id'`.as('v'))
      .where('type', '=', 'VisitorClaimed')
      .where(sql<boolean>`data->>'user_id' = ${userId}`)
      .execute()
  ).map((r) => r.v);
  const threads = await streamsWhere(
    'ThreadStarted',
    visitorIds.length
      ? sql<boolean>`data->>'owner_user_id' = ${userId} or data->>'owner_visitor_id' = any(${visitorIds}::text[])`
      : sql<boolean>`data->>'owner_user_id' = ${userId}`,
  );
  const createdSpaces = await streamsWhere('SpaceCreated', sql<boolean>`data->>'owner_user_id' = ${userId}`);
  const deletedSpaces = new Set(await streamsWhere('SpaceDeleted', sql<boolean>`true`));
  // A Space they created and handed over stays: only the ones deleted are theirs to erase.
  const spaces = createdSpaces.filter((s) => deletedSpaces.has(s));
  const spaceUuids = spaces.map((s) => s.slice('space-'.length));
  // An organisation closed when they, its last member, left is theirs as their deleted Spaces are, with its files.
  const closedOrgs = await streamsWhere('OrgClosed', sql<boolean>`data->>'closed_by' = ${userId}`);
  const orgUuids = closedOrgs.map((s) => s.slice('org-'.length));
  const files = await streamsWhere(
    'FileSubmitted',
    sql<boolean>`(data->'repository'->>'type' = 'USER' and data->'repository'->>'owner_id' = ${userId}) or (data->'repository'->>'type' = 'COLLECTION' and data->'repository'->>'owner_id' = any(${spaceUuids}::text[])) or (data->'repository'->>'type' = 'ORG' and data->'repository'->>'owner_id' = any(${orgUuids}::text[]))`,
  );
  const pendingFiles = await streamsWhere(
    'FileUploadStarted',
    sql<boolean>`(data->'repository'->>'type' = 'USER' and data->'repository'->>'owner_id' = ${userId}) or data->>'uploaded_by' = ${userId}`,
  );
  return { userId, emails, names, streams: new Set([accountStream(userId), ...threads, ...spaces, ...files, ...pendingFiles, ...closedOrgs]) };
}

/**
 * The erasure itself, in one transaction: the person's events are redacted, AccountErased drops
 * their rows from every read model, and Better Auth's rows of theirs go. Half of it never commits.
 */
export async function eraseAccount(ctx: KernelContext, redactors: Redactors, userId: string) {
  return ctx.db.transaction().execute(async (trx) => {
    const person = await erasedPerson(trx, userId);
    const rewritten = await eraseEvents(trx, redactors, person);
    const account = await ctx.store.aggregate(accountStream(userId), initialAccount, evolveAccount, trx);
    await ctx.store.append(accountStream(userId), account.version, decideErase(account.state, { userId, now: ctx.now() }), trx);
    await sql`delete from "session" where "userId" = ${userId}`.execute(trx);
    await sql`delete from "account" where "userId" = ${userId}`.execute(trx);
    await sql`delete from "member" where "userId" = ${userId}`.execute(trx);
    if (person.emails.length) await sql`delete from "invitation" where lower("email") = any(${person.emails}::text[])`.execute(trx);
    await sql`delete from "verification" where "value" like ${`%${userId}%`} or lower("identifier") = any(${person.emails}::text[])`.execute(trx);
    await sql`delete from "user" where "id" = ${userId}`.execute(trx);
    return rewritten;
  });
}

/**
 * The durable records whose inputs hold what the person wrote (their answers' questions, their
 * files' keys, which end with the file's name) leave the workflow runtime's tables. Ids as each
 * workflow names them (workflows/answer.ts, index-file.ts, expire-upload.ts).
 */
export async function personalWorkflowIds(ctx: KernelContext, userId: string) {
  const answers = await crossRead(ctx.db)
    .selectFrom('events as q')
    .innerJoin('events as s', (j) => j.onRef('s.stream_id', '=', 'q.stream_id').on('s.type', '=', 'ThreadStarted'))
    .select(sql<string>`q.data->>'backend_uuid'`.as('b'))
    .where('q.type', '=', 'QuestionAsked')
    .where(sql<boolean>`s.data->>'owner_user_id' = ${userId}`)
    .execute();
  // Before the erasure: it rewrites the keys these workflows are named by.
  const uploads = await crossRead(ctx.db)
    .selectFrom('events')
    .select(sql<string>`data->>'object_key'`.as('k'))
    .where('type', '=', 'FileUploadStarted')
    .where(sql<boolean>`data->>'uploaded_by' = ${userId}`)
    .execute();
  const files = await crossRead(ctx.db)
    .selectFrom('events')
    .select(sql<string>`data->>'file_uuid'`.as('f'))
    .select(sql<string>`data->>'version'`.as('v'))
    .where('type', '=', 'FileSubmitted')
    .where(sql<boolean>`data->>'uploaded_by' = ${userId}`)
    .execute();
  return [...answers.map((r) => `answer-${r.b}`), ...uploads.map((r) => `expire-upload-${r.k}`), ...files.map((r) => `index-${r.f}-${r.v}`)];
}
