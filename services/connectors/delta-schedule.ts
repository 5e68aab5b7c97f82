// Deltas on a schedule (services/shared/background.ts): every CONNECTOR_DELTA_INTERVAL_SECONDS,
// each connected connection that has synced once (it has a delta cursor) runs a sync: a file
// connection's of kind `delta`, an app connection's content sync (which reads its delta). The run's id is the connection and the interval's number, so instances that all tick
// start it once; the queue runs one sync of a connection at a time, so a delta waits for a pick.
import type { Db } from '../db/database.js';
import type { Background, BackgroundKernel, Running } from '../shared/background.js';
import type { ConnectorSyncStarter } from './context.js';
import { connectorInfo } from './registry.js';
import { own } from './tables.js';

/** The connections a delta is due for: connected, with a cursor from an earlier sync. */
export async function connectionsWithCursor(db: Db) {
  const rows = await own(db)
    .selectFrom('connector_syncs as s')
    .innerJoin('connector_connections as c', 'c.connection_uuid', 's.connection_uuid')
    .select(['s.connection_uuid', 'c.connector'])
    .where('s.cursor', 'is not', null)
    .where('c.status', '=', 'connected')
    .execute();
  return rows.map((r) => ({ connection_uuid: r.connection_uuid, kind: connectorInfo(r.connector)?.kind ?? 'file' }));
}

export function startDeltaSchedule(deps: {
  db: Db;
  sync: Pick<ConnectorSyncStarter, 'start' | 'startApp'>;
  intervalMs: number;
  now: () => Date;
  onError: (err: unknown) => void;
}): Running {
  let ticking: Promise<void> | null = null;
  const tick = async () => {
    try {
      const slot = Math.floor(deps.now().getTime() / deps.intervalMs);
      for (const c of await connectionsWithCursor(deps.db))
        if (c.kind === 'app') await deps.sync.startApp({ connection_uuid: c.connection_uuid, run: `delta-${slot}` });
        else await deps.sync.start({ connection_uuid: c.connection_uuid, run: `delta-${slot}`, kind: 'delta' });
    } catch (err) {
      deps.onError(err);
    }
  };
  const timer = setInterval(() => {
    ticking ??= tick().finally(() => {
      ticking = null;
    });
  }, deps.intervalMs);
  return {
    async stop() {
      clearInterval(timer);
      await ticking;
    },
  };
}

export const connectorDeltaBackground: Background<BackgroundKernel & { connectorSync: ConnectorSyncStarter }> = {
  register:
    ({ db, config, logger, connectorSync }) =>
    () =>
      startDeltaSchedule({
        db,
        sync: connectorSync,
        intervalMs: config.connectors.deltaIntervalSeconds * 1000,
        now: () => new Date(),
        onError: (err) => logger.error({ err }, 'connector deltas could not be started; trying again at the next interval'),
      }),
};
