// Removals that were never queued: a connection disconnected or deleted (its event committed) whose
// removal workflow was not started because the server went down in between still has items,
// documents or a delta cursor. At start-up and on the deltas' interval (services/shared/background.ts)
// such connections are found and their removal started under the id the request would have used
// (`connector-removal-<uuid>-<run>`, the run named by the disconnection or the deletion), so a
// removal under way, or two instances sweeping at once, start it once. A removal that ended in error
// (its steps' retries spent) is started again under its next retry's id (workflows/connector-removal.ts).
import type { Db } from '../db/database.js';
import type { EventStore } from '../eventstore/store.js';
import type { StoredEvent } from '../eventstore/types.js';
import type { Background, BackgroundKernel, Running } from '../shared/background.js';
import type { ConnectorSyncStarter, RemovalRun } from './context.js';
import { type ConnectionEvent, connectionStream } from './events.js';
import { own } from './tables.js';

/**
 * The removal a connection's stream calls for, as the use cases name it: `delete` once deleted,
 * `disconnect-<version>` once disconnected (the stream's version after it), none while connected.
 * `by`: who disconnected or deleted it, else its owner (a disconnection the provider caused).
 */
export function removalRunOf(connectionUuid: string, events: readonly StoredEvent[]): RemovalRun | null {
  let status: 'none' | 'connected' | 'disconnected' | 'deleted' = 'none';
  let owner = '';
  let by: string | null = null;
  // The stream's version just after the disconnection (events after it, such as its removal
  // finishing, do not rename the run).
  let disconnectedAt = 0;
  for (const [index, event] of events.entries()) {
    const e = event as unknown as ConnectionEvent;
    switch (e.type) {
      case 'ConnectionEstablished':
        status = 'connected';
        owner = e.data.owner_user_id;
        break;
      case 'ConnectionRenewed':
        if (status !== 'none') status = 'connected';
        break;
      case 'ConnectionDisconnected':
        if (status === 'connected') {
          status = 'disconnected';
          by = e.data.by_user_id;
          disconnectedAt = index + 1;
        }
        break;
      case 'ConnectionDeleted':
        if (status !== 'none') {
          status = 'deleted';
          by = e.data.by_user_id;
        }
        break;
    }
  }
  if (status === 'deleted') return { connection_uuid: connectionUuid, run: 'delete', by: by ?? owner };
  if (status === 'disconnected') return { connection_uuid: connectionUuid, run: `disconnect-${disconnectedAt}`, by: by ?? owner };
  return null;
}

/**
 * Connections not connected (disconnected, or deleted: their row is gone) that still hold synced
 * items, app documents or a delta cursor: what a removal takes. Each table is read by its
 * connection index, one row per connection.
 */
export async function connectionsLeftBehind(db: Db): Promise<string[]> {
  const connected = own(db).selectFrom('connector_connections').select('connection_uuid').where('status', '=', 'connected');
  const left = await Promise.all(
    (['connector_items', 'connector_documents', 'connector_syncs'] as const).map((table) =>
      own(db).selectFrom(table).select('connection_uuid').distinct().where('connection_uuid', 'not in', connected).execute(),
    ),
  );
  return [...new Set(left.flat().map((r) => r.connection_uuid))].sort();
}

/** Starts the removal of every connection left behind; how many were started (or found started). */
export async function sweepRemovals(deps: { db: Db; store: EventStore; remove: ConnectorSyncStarter['remove'] }): Promise<number> {
  let started = 0;
  for (const uuid of await connectionsLeftBehind(deps.db)) {
    const run = removalRunOf(uuid, await deps.store.readStream(connectionStream(uuid)));
    if (!run) continue;
    await deps.remove(run);
    started++;
  }
  return started;
}

export function startRemovalSweep(deps: {
  db: Db;
  store: EventStore;
  remove: ConnectorSyncStarter['remove'];
  intervalMs: number;
  onError: (err: unknown) => void;
}): Running {
  let sweeping: Promise<void> | null = null;
  const sweep = () => {
    sweeping ??= sweepRemovals(deps)
      .then(
        () => undefined,
        (err) => deps.onError(err),
      )
      .finally(() => {
        sweeping = null;
      });
  };
  // At once: a removal lost in a crash goes on as soon as the instance is back.
  sweep();
  const timer = setInterval(sweep, deps.intervalMs);
  return {
    async stop() {
      clearInterval(timer);
      await sweeping;
    },
  };
}

export const connectorRemovalSweepBackground: Background<BackgroundKernel & { connectorSync: ConnectorSyncStarter }> = {
  register:
    ({ db, store, config, logger, connectorSync }) =>
    () =>
      startRemovalSweep({
        db,
        store,
        remove: connectorSync.remove,
        intervalMs: config.connectors.deltaIntervalSeconds * 1000,
        onError: (err) => logger.error({ err }, 'disconnected connections left behind could not be swept; trying again at the next interval'),
      }),
};
