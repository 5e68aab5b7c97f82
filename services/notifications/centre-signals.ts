// The centre's live stream is told, not polled: the notifications projection says
// `pg_notify('notification_centre', user_id)` in the transaction that changes a person's centre
// (PostgreSQL delivers it at commit, to every app instance, and never for a rollback), and one
// LISTEN connection per instance wakes that person's open streams. If the connection drops, it is
// made again; the streams' slow fallback read covers what was said meanwhile.
import { sql } from 'kysely';
import pg from 'pg';
import type { Trx } from '../eventstore/types.js';

export const CENTRE_CHANNEL = 'notification_centre';
const RECONNECT_MS = [500, 1000, 2000, 5000, 10_000] as const;

/** In a projection's transaction: the person's centre changed (said at commit). */
export async function signalCentreChanged(trx: Trx, userId: string) {
  await sql`select pg_notify(${CENTRE_CHANNEL}, ${userId})`.execute(trx);
}

export type CentreSignals = {
  /** Calls `wake` whenever the person's centre changes, until the returned function is called. */
  onChange(userId: string, wake: () => void): () => void;
  close(): Promise<void>;
};

export function listenToCentreChanges(databaseUrl: string, onError: (err: unknown) => void): CentreSignals {
  const waiters = new Map<string, Set<() => void>>();
  let client: pg.Client | undefined;
  let closed = false;
  let attempt = 0;
  let retry: NodeJS.Timeout | undefined;

  const connect = async () => {
    if (closed) return;
    const c = new pg.Client({ connectionString: databaseUrl });
    c.on('notification', (msg) => {
      if (msg.channel !== CENTRE_CHANNEL || !msg.payload) return;
      for (const wake of waiters.get(msg.payload) ?? []) wake();
    });
    c.on('error', (err) => {
      if (!closed) onError(err);
    });
    c.on('end', () => {
      if (client === c) client = undefined;
      reconnectLater();
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${CENTRE_CHANNEL}`);
      if (closed) return void (await c.end().catch(() => {}));
      client = c;
      attempt = 0;
      // Whatever changed while no one listened: every open stream reads its mark again.
      for (const set of waiters.values()) for (const wake of set) wake();
    } catch (err) {
      if (!closed) onError(err);
      await c.end().catch(() => {});
    }
  };
  const reconnectLater = () => {
    if (closed || retry) return;
    const delay = RECONNECT_MS[Math.min(attempt++, RECONNECT_MS.length - 1)];
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, delay);
    retry.unref();
  };
  void connect();

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
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => {});
    },
  };
}
