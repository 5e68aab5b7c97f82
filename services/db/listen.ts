// One LISTEN connection per app instance for every channel the app is told on (the notification
// centre, the event log): PostgreSQL's NOTIFY is delivered at commit, to every connection that
// listens, and never for a rollback. A connection that drops is made again with a backoff; since
// anything said meanwhile was lost, every `onReconnect` waiter is woken once it listens again
// (and at the first connect, for what was said before it listened).
import pg from 'pg';

const RECONNECT_MS = [500, 1000, 2000, 5000, 10_000] as const;

export type DbListener = {
  /** Calls `handle` with the payload of each notification on `channel` (one of those listened to), until the returned function is called. */
  on(channel: string, handle: (payload: string) => void): () => void;
  /** Calls `wake` each time the connection listens (again): what was said while no one listened is lost. */
  onReconnect(wake: () => void): () => void;
  close(): Promise<void>;
};

export function listenTo(databaseUrl: string, channels: readonly string[], onError: (err: unknown) => void): DbListener {
  for (const channel of channels) if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a plain channel name: ${channel}`);
  const handlers = new Map<string, Set<(payload: string) => void>>(channels.map((c) => [c, new Set()]));
  const reconnectWaiters = new Set<() => void>();
  let client: pg.Client | undefined;
  let closed = false;
  let attempt = 0;
  let retry: NodeJS.Timeout | undefined;

  const connect = async () => {
    if (closed) return;
    const c = new pg.Client({ connectionString: databaseUrl });
    c.on('notification', (msg) => {
      for (const handle of handlers.get(msg.channel) ?? []) handle(msg.payload ?? '');
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
      await c.query(channels.map((channel) => `LISTEN ${channel}`).join('; '));
      if (closed) return void (await c.end().catch(() => {}));
      client = c;
      attempt = 0;
      for (const wake of reconnectWaiters) wake();
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
    on(channel, handle) {
      const set = handlers.get(channel);
      if (!set) throw new Error(`not listening to ${channel}`);
      set.add(handle);
      return () => void set.delete(handle);
    },
    onReconnect(wake) {
      reconnectWaiters.add(wake);
      return () => void reconnectWaiters.delete(wake);
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => {});
    },
  };
}
