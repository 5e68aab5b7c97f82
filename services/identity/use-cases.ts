// Identity use cases: each reads its stream, decides, and appends with the expected version.
import type { EventStore } from '../eventstore/store.js';
import { ConcurrencyError } from '../eventstore/types.js';
import { decideClaimVisitor, decideRegister } from './decide.js';
import { accountStream, evolveAccount, evolveVisitor, initialAccount, initialVisitor, visitorStream } from './events.js';

export async function registerAccount(store: EventStore, cmd: { userId: string; email: string; name: string; visitorId: string | null; now: Date }) {
  await store.db.transaction().execute(async (trx) => {
    const account = await store.aggregate(accountStream(cmd.userId), initialAccount, evolveAccount, trx);
    await store.append(accountStream(cmd.userId), account.version, decideRegister(account.state, cmd), trx);
    if (!cmd.visitorId) return;
    const visitor = await store.aggregate(visitorStream(cmd.visitorId), initialVisitor, evolveVisitor, trx);
    // A visitor id already claimed by someone else stays theirs; the new account starts clean.
    if (visitor.state.claimedBy && visitor.state.claimedBy !== cmd.userId) return;
    const events = decideClaimVisitor(visitor.state, { visitorId: cmd.visitorId, userId: cmd.userId, now: cmd.now });
    try {
      await store.append(visitorStream(cmd.visitorId), visitor.version, events, trx);
    } catch (err) {
      // Another account from this browser claimed it at the same moment: it is theirs, and
      // this account is registered all the same (the append's savepoint keeps trx usable).
      if (!(err instanceof ConcurrencyError)) throw err;
    }
  });
}
