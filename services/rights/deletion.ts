// The steps of deleting an account (workflows/delete-account.ts runs them in order, durably).
// Each step can run again after a crash and finishes the job without doing anything twice. Steps
// take and return ids and counts only: a workflow's recorded inputs and outputs must never hold
// what is being erased. Each domain's data goes through that domain's own index.ts.
import { factsFor } from '../shared/actor.js';
import { deleteSpace } from '../bookmarks/index.js';
import { eraseEvents, type ErasedPerson, type Redactors } from '../eventstore/erasure.js';
import { payloadFields, streamsWith } from '../eventstore/payload-queries.js';
import type { Trx } from '../eventstore/types.js';
import { deleteAllFiles, removeUnfinishedUploads } from '../files/index.js';
import {
  accountNamesAndEmails,
  accountStream,
  claimedVisitorIds,
  closeSignIn as closeAccountSignIn,
  decideErase,
  eraseMemberships,
  eraseSignIn,
  evolveAccount,
  initialAccount,
  removePicture,
} from '../identity/index.js';
import { discardMailOf } from '../mail/index.js';
import { departAllOrgs } from '../orgs/index.js';
import type { KernelContext } from '../shared/context.js';
import { decideHandOver, decideLeaveAll, decideSpace, ownerFacts, spacesJoinedBy, spaceUuidsOwnedBy } from '../spaces/index.js';
import { decideAndAppend, decideDeleteThread, threadUuidsOwnedBy } from '../threads/index.js';
import { removeTryOnImages } from '../shopping/index.js';
import { exportsOf } from './queries.js';

/** Better Auth's rows that let the person in: their sessions and credentials. Sign-in fails from here on. */
export async function closeSignIn(ctx: KernelContext, userId: string) {
  return closeAccountSignIn(ctx.db, userId);
}

/** Each owned Space goes to the member chosen for it, or is removed (also when that member has left since). */
export async function settleSpaces(ctx: KernelContext, userId: string, handOver: Record<string, string>) {
  const owned = await spaceUuidsOwnedBy(ctx.db, userId);
  const { emails } = await accountNamesAndEmails(ctx.store, ctx.db, userId);
  const actor = { user_id: userId, email: emails[0] ?? null, org_uuid: null };
  let handedOver = 0;
  let removed = 0;
  for (const uuid of owned) {
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
  const { emails } = await accountNamesAndEmails(ctx.store, ctx.db, userId);
  const joined = await spacesJoinedBy(ctx.db, userId, emails);
  for (const space of joined) await decideSpace(ctx.store, space, (state) => decideLeaveAll(state, { user_id: userId, emails, now: ctx.now() }));
  return joined.length;
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
  const visitorIds = await claimedVisitorIds(ctx.db, userId);
  const threads = await threadUuidsOwnedBy(ctx.db, userId, visitorIds);
  const viewer = { ...factsFor(userId), visitor_ids: visitorIds };
  for (const thread of threads)
    await decideAndAppend(ctx.store, thread, (state) => ({
      events: state.started ? decideDeleteThread(state, { viewer, now: ctx.now() }) : [],
      result: undefined,
    }));
  return threads.length;
}

/**
 * The person's own files (their library) with their stored bytes, the bytes of uploads they
 * started and never finished (their expiry workflows are forgotten with the account), their
 * export archives' bytes, their picture and their try-on images.
 */
export async function removeFiles(ctx: KernelContext, userId: string) {
  await deleteAllFiles(ctx, { type: 'USER', owner_id: userId }, userId);
  await removeUnfinishedUploads(ctx, userId);
  for (const e of await exportsOf(ctx.db, userId))
    if (e.object_key) await ctx.storage.delete(e.object_key).catch((err) => ctx.logger.warn({ err }, 'could not remove an export archive'));
  await removePicture(ctx, userId);
  await removeTryOnImages(ctx, userId);
}

export async function discardMail(ctx: KernelContext, userId: string) {
  const { emails, names } = await accountNamesAndEmails(ctx.store, ctx.db, userId);
  return discardMailOf(ctx.store, { userId, emails, names }, ctx.now());
}

/**
 * What is wholly the person's in the log, found in the events themselves (read models of deleted
 * things are gone by now): their account and bookmarks, every thread they owned, every Space they
 * owned that is deleted, every file of their library or of such a Space, every organisation
 * that closed as they left it.
 */
export async function erasedPerson(ctx: KernelContext, trx: Trx, userId: string): Promise<ErasedPerson> {
  const { emails, names } = await accountNamesAndEmails(ctx.store, trx, userId);
  const visitorIds = (await payloadFields(trx, { type: 'VisitorClaimed', matching: [{ user_id: userId }] }, ['visitor_id'])).map((r) => r.visitor_id!);
  const threads = await streamsWith(trx, {
    type: 'ThreadStarted',
    matching: [{ owner_user_id: userId }, ...(visitorIds.length ? [{ owner_visitor_id: visitorIds }] : [])],
  });
  const createdSpaces = await streamsWith(trx, { type: 'SpaceCreated', matching: [{ owner_user_id: userId }] });
  // A Space they created and handed over stays: only the ones deleted are theirs to erase.
  const spaces = await streamsWith(trx, { type: 'SpaceDeleted', streams: createdSpaces });
  const spaceUuids = spaces.map((s) => s.slice('space-'.length));
  // An organisation closed when they, its last member, left is theirs as their deleted Spaces are, with its files.
  const closedOrgs = await streamsWith(trx, { type: 'OrgClosed', matching: [{ closed_by: userId }] });
  const orgUuids = closedOrgs.map((s) => s.slice('org-'.length));
  const files = await streamsWith(trx, {
    type: 'FileSubmitted',
    matching: [
      { 'repository.type': 'USER', 'repository.owner_id': userId },
      ...(spaceUuids.length ? [{ 'repository.type': 'COLLECTION', 'repository.owner_id': spaceUuids }] : []),
      ...(orgUuids.length ? [{ 'repository.type': 'ORG', 'repository.owner_id': orgUuids }] : []),
    ],
  });
  const pendingFiles = await streamsWith(trx, {
    type: 'FileUploadStarted',
    matching: [{ 'repository.type': 'USER', 'repository.owner_id': userId }, { uploaded_by: userId }],
  });
  return { userId, emails, names, streams: new Set([accountStream(userId), ...threads, ...spaces, ...files, ...pendingFiles, ...closedOrgs]) };
}

/**
 * The erasure itself, in one transaction: the person's events are redacted, AccountErased drops
 * their rows from every read model, and Better Auth's rows of theirs go (the organisations' before
 * the user's). Half of it never commits.
 */
export async function eraseAccount(ctx: KernelContext, redactors: Redactors, userId: string) {
  return ctx.db.transaction().execute(async (trx) => {
    const person = await erasedPerson(ctx, trx, userId);
    const rewritten = await eraseEvents(trx, redactors, person);
    const account = await ctx.store.aggregate(accountStream(userId), initialAccount, evolveAccount, trx);
    await ctx.store.append(accountStream(userId), account.version, decideErase(account.state, { userId, now: ctx.now() }), trx);
    await eraseMemberships(trx, userId, person.emails);
    await eraseSignIn(trx, userId, person.emails);
    return rewritten;
  });
}

/**
 * The durable records whose inputs hold what the person wrote (their answers' questions, their
 * files' keys, which end with the file's name) leave the workflow runtime's tables. Ids as each
 * workflow names them (workflows/answer.ts, index-file.ts, expire-upload.ts).
 */
export async function personalWorkflowIds(ctx: KernelContext, userId: string) {
  const threads = await streamsWith(ctx.db, { type: 'ThreadStarted', matching: [{ owner_user_id: userId }] });
  const answers = await payloadFields(ctx.db, { type: 'QuestionAsked', streams: threads }, ['backend_uuid']);
  // Before the erasure: it rewrites the keys these workflows are named by.
  const uploads = await payloadFields(ctx.db, { type: 'FileUploadStarted', matching: [{ uploaded_by: userId }] }, ['object_key']);
  const files = await payloadFields(ctx.db, { type: 'FileSubmitted', matching: [{ uploaded_by: userId }] }, ['file_uuid', 'version']);
  return [
    ...answers.map((r) => `answer-${r.backend_uuid}`),
    ...uploads.map((r) => `expire-upload-${r.object_key}`),
    ...files.map((r) => `index-${r.file_uuid}-${r.version}`),
  ];
}
