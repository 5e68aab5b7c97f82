// Identity use cases: each reads its stream, decides, and appends with the expected version.
import type { EventStore } from '../eventstore/store.js';
import type { Actor } from '../shared/actor.js';
import { ConcurrencyError, type Trx } from '../eventstore/types.js';
import {
  decideClaimVisitor,
  decideEmailChange,
  decideEmailVerified,
  decideRegister,
  decideRename,
  decideTwoFactor,
  decideUsername,
  type ClaimVisitor,
} from './decide.js';
import { requireUser } from './session.js';
import { type AccountEmailVerified, accountStream, evolveAccount, evolveVisitor, initialAccount, initialVisitor, visitorStream } from './events.js';

export async function registerAccount(store: EventStore, cmd: { userId: string; email: string; name: string; visitorId: string | null; now: Date }) {
  await store.db.transaction().execute(async (trx) => {
    const account = await store.aggregate(accountStream(cmd.userId), initialAccount, evolveAccount, trx);
    await store.append(accountStream(cmd.userId), account.version, decideRegister(account.state, cmd), trx);
    if (cmd.visitorId) await claimIfFree(store, { visitorId: cmd.visitorId, userId: cmd.userId, now: cmd.now }, trx);
  });
}

/**
 * Registers an account made by a provider's sign-in (Better Auth has stored its user), as an email
 * sign-up is, unless it is registered already: true when it was registered now. Only a new
 * account is unregistered, as an email sign-up that could not register is taken back.
 */
export async function registerAccountIfNew(
  store: EventStore,
  cmd: { userId: string; email: string; name: string; visitorId: string | null; now: Date; emailVerified?: boolean },
) {
  return store.db.transaction().execute(async (trx) => {
    const account = await store.aggregate(accountStream(cmd.userId), initialAccount, evolveAccount, trx);
    if (account.state.registered) return false;
    const registered = decideRegister(account.state, cmd);
    // The provider vouched for the address (Better Auth made the user verified): recorded with it.
    const verified = cmd.emailVerified
      ? decideEmailVerified({ ...account.state, registered: true }, { userId: cmd.userId, via: 'provider', now: cmd.now })
      : [];
    await store.append(accountStream(cmd.userId), account.version, [...registered, ...verified], trx);
    if (cmd.visitorId) await claimIfFree(store, { visitorId: cmd.visitorId, userId: cmd.userId, now: cmd.now }, trx);
    return true;
  });
}

/**
 * Renames an account: the rename is decided and appended first, so a blank name changes nothing
 * anywhere; `applyName` then writes it where Better Auth keeps it, before the transaction commits
 * (a failure there takes the event back). Returns the name as recorded.
 */
export async function renameAccount(ctx: { store: EventStore; now: () => Date }, actor: Actor, newName: string, applyName: (name: string) => Promise<unknown>) {
  const cmd = { userId: (await requireUser(actor)).id, name: newName, now: ctx.now() };
  return ctx.store.db.transaction().execute(async (trx) => {
    const account = await ctx.store.aggregate(accountStream(cmd.userId), initialAccount, evolveAccount, trx);
    const events = decideRename(account.state, cmd);
    await ctx.store.append(accountStream(cmd.userId), account.version, events, trx);
    const name = events[0]?.data.name ?? cmd.name.trim();
    await applyName(name);
    return name;
  });
}

/**
 * Sets the account's username: decided and appended first, then written where Better Auth keeps
 * it (whose unique column refuses one taken meanwhile), before the transaction commits.
 */
export async function changeUsername(
  ctx: { store: EventStore; now: () => Date },
  actor: Actor,
  newUsername: string,
  applyUsername: (username: string, userId: string) => Promise<unknown>,
) {
  const cmd = { userId: (await requireUser(actor)).id, username: newUsername, now: ctx.now() };
  return ctx.store.db.transaction().execute(async (trx) => {
    const account = await ctx.store.aggregate(accountStream(cmd.userId), initialAccount, evolveAccount, trx);
    const events = decideUsername(account.state, cmd);
    await ctx.store.append(accountStream(cmd.userId), account.version, events, trx);
    const username = events[0]?.data.username ?? cmd.username.trim().toLowerCase();
    if (events.length) await applyUsername(username, cmd.userId);
    return username;
  });
}

/**
 * Records an address change that its mailed link confirmed; `applyChange` then has Better Auth
 * make it, before the transaction commits (a refused link takes the event back). Returns whether
 * the address changed.
 */
export async function changeAccountEmail(
  store: EventStore,
  cmd: { userId: string; email: string; previous: string; now: Date },
  applyChange: () => Promise<unknown>,
) {
  return store.db.transaction().execute(async (trx) => {
    const account = await store.aggregate(accountStream(cmd.userId), initialAccount, evolveAccount, trx);
    const events = decideEmailChange(account.state, cmd);
    await store.append(accountStream(cmd.userId), account.version, events, trx);
    await applyChange();
    return events.length > 0;
  });
}

/**
 * Records that the account's address is verified (Better Auth has set its flag), once; in `trx`
 * when given, so the flag and the event commit together.
 */
export async function recordEmailVerified(store: EventStore, cmd: { userId: string; via: AccountEmailVerified['data']['via']; now: Date }, trx?: Trx) {
  const record = async (t: Trx) => {
    const account = await store.aggregate(accountStream(cmd.userId), initialAccount, evolveAccount, t);
    // An account that was never registered here (made by hand in a test database) has no stream to add to.
    if (!account.state.registered) return;
    await store.append(accountStream(cmd.userId), account.version, decideEmailVerified(account.state, cmd), t);
  };
  await (trx ? record(trx) : store.db.transaction().execute(record));
}

/** Records two-factor sign-in turned on or off (Better Auth has done it); the same state again records nothing. */
export async function recordTwoFactor(store: EventStore, cmd: { userId: string; enabled: boolean; now: Date }) {
  await store.db.transaction().execute(async (trx) => {
    const account = await store.aggregate(accountStream(cmd.userId), initialAccount, evolveAccount, trx);
    if (!account.state.registered) return;
    await store.append(accountStream(cmd.userId), account.version, decideTwoFactor(account.state, cmd), trx);
  });
}

/**
 * Signing in from a browser claims its visitor's work for the account, as signing up does, so
 * an answer asked before signing in can be kept ("Log in to save this answer").
 */
export async function claimVisitorOnSignIn(store: EventStore, cmd: ClaimVisitor) {
  await store.db.transaction().execute((trx) => claimIfFree(store, cmd, trx));
}

/** A visitor id already claimed by someone else stays theirs; this account claims nothing then. */
async function claimIfFree(store: EventStore, cmd: ClaimVisitor, trx: Trx) {
  const visitor = await store.aggregate(visitorStream(cmd.visitorId), initialVisitor, evolveVisitor, trx);
  if (visitor.state.claimedBy && visitor.state.claimedBy !== cmd.userId) return;
  const events = decideClaimVisitor(visitor.state, cmd);
  try {
    await store.append(visitorStream(cmd.visitorId), visitor.version, events, trx);
  } catch (err) {
    // Another account from this browser claimed it at the same moment: it is theirs, and this
    // account goes on all the same (the append's savepoint keeps trx usable).
    if (!(err instanceof ConcurrencyError)) throw err;
  }
}
