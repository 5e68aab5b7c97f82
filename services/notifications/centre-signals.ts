// The centre's live stream is told, not polled: the notifications projection says
// `pg_notify('notification_centre', user_id)` in the transaction that changes a person's centre
// (PostgreSQL delivers it at commit, to every app instance, and never for a rollback), and the
// instance's LISTEN connection (services/db/listen.ts, shared with the event log's signals) wakes
// that person's open streams. If the connection drops, it is made again and every open stream
// reads its mark again; the streams' slow fallback read covers anything else.
import { sql } from 'kysely';
import { type DbListener, listenTo } from '../db/listen.js';
import type { Trx } from '../eventstore/types.js';

export const CENTRE_CHANNEL = 'notification_centre';

/** In a projection's transaction: the person's centre changed (said at commit). */
export async function signalCentreChanged(trx: Trx, userId: string) {
  await sql`select pg_notify(${CENTRE_CHANNEL}, ${userId})`.execute(trx);
}

export type CentreSignals = {
  /** Calls `wake` whenever the person's centre changes, until the returned function is called. */
  onChange(userId: string, wake: () => void): () => void;
  close(): Promise<void>;
};

/** The centre's signals on an instance's listener, which must listen to CENTRE_CHANNEL; `close` stops these signals, not the listener. */
export function centreSignalsOn(listener: DbListener): CentreSignals {
  const waiters = new Map<string, Set<() => void>>();
  const offs = [
    listener.on(CENTRE_CHANNEL, (userId) => {
      for (const wake of waiters.get(userId) ?? []) wake();
    }),
    // Whatever changed while no one listened: every open stream reads its mark again.
    listener.onReconnect(() => {
      for (const set of waiters.values()) for (const wake of set) wake();
    }),
  ];
  return {
    onChange(userId, wake) {
      let set = waiters.get(userId);
      if (!set) waiters.set(userId, (set = new Set()));
      set.add(wake);
      return () => {
        set.delete(wake);
        if (!set.size) waiters.delete(userId);
      };
    },
    async close() {
      for (const off of offs) off();
    },
  };
}

/** The centre's signals on a listener of their own (tests; the app shares its instance's listener). */
export function listenToCentreChanges(databaseUrl: string, onError: (err: unknown) => void): CentreSignals {
  const listener = listenTo(databaseUrl, [CENTRE_CHANNEL], onError);
  const signals = centreSignalsOn(listener);
  return {
    onChange: signals.onChange,
    async close() {
      await signals.close();
      await listener.close();
    },
  };
}
