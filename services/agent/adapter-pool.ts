// The pool the socket.io PostgreSQL adapter takes its LISTEN connection from. The adapter, closed
// while that connection is still being set up (a stop soon after a start), sets it up anyway and
// keeps it checked out for good: the pool's end then waited for ever, and each such stop ended on
// main.ts's 15 s forced exit. `giveBack` waits for that set-up and returns the connection, once.
import type { Pool, PoolClient } from 'pg';

type Query = PoolClient['query'];

export function adapterPool(pool: Pool): { pool: Pool; giveBack: () => Promise<void> } {
  const settling = new Set<Promise<unknown>>();
  const track = <T>(p: Promise<T>): Promise<T> => {
    settling.add(p);
    const done = () => settling.delete(p);
    p.then(done, done);
    return p;
  };
  const unreleased = new Map<PoolClient, () => void>();

  const connect = async (): Promise<PoolClient> => {
    const client = await track(pool.connect());
    const poolsOwnEndListeners = new Set(client.listeners('end'));
    const release = client.release.bind(client);
    let released = false;
    const releaseOnce = (err?: Error | boolean) => {
      if (released) return;
      released = true;
      unreleased.delete(client);
      release(err);
    };
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((...args: unknown[]) => {
      const result = query(...args);
      return result instanceof Promise ? track(result) : result;
    }) as Query;
    client.release = releaseOnce;
    unreleased.set(client, () => {
      // The adapter's reconnection on `end`, as its own close takes it off.
      for (const l of client.listeners('end')) if (!poolsOwnEndListeners.has(l)) client.removeListener('end', l as () => void);
      releaseOnce();
    });
    return client;
  };

  return {
    pool: { connect, query: pool.query.bind(pool) } as unknown as Pool,
    giveBack: async () => {
      // A set-up under way runs to its end (the adapter's next LISTEN follows in a microtask of the last).
      while (settling.size) {
        await Promise.allSettled([...settling]);
        await new Promise((r) => setImmediate(r));
      }
      for (const giveBack of [...unreleased.values()]) giveBack();
    },
  };
}
