// Several app instances on one database: each says it is alive every fifth of its lease; one that
// has not for a whole lease is taken over by whichever live instance claims it first (one UPDATE,
// so only one does). The claim stays until the takeover is done, and is itself a heartbeat: a
// taker that dies halfway leaves a claim that goes stale too, and another instance takes over
// again. Taking over twice is harmless (resuming a finished workflow does nothing).
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { own } from './tables.js';

export type InstanceWatch = { stop: () => Promise<void>; beat: () => Promise<void> };

export type InstanceWatchDeps = {
  db: Db;
  instanceId: string;
  leaseMs: number;
  /** Resumes what the instance `deadId` left running; throws to be tried again at a later beat. */
  takeOver: (deadId: string) => Promise<void>;
  onError: (err: unknown) => void;
};

export function startInstanceWatch(deps: InstanceWatchDeps): InstanceWatch {
  const { db, instanceId, leaseMs } = deps;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;

  async function beat() {
    await own(db)
      .insertInto('cluster_instances')
      .values({ instance_id: instanceId })
      .onConflict((oc) => oc.column('instance_id').doUpdateSet({ seen_at: sql`now()`, taken_over_by: null }))
      .execute();
    const stale = await own(db)
      .updateTable('cluster_instances')
      .set({ seen_at: sql`now()`, taken_over_by: instanceId })
      .where('instance_id', '<>', instanceId)
      .where('seen_at', '<', sql<Date>`now() - make_interval(secs => ${leaseMs / 1000})`)
      .returning('instance_id')
      .execute();
    for (const { instance_id } of stale) {
      await deps.takeOver(instance_id);
      // Gone for good unless it starts again (its start inserts its row anew).
      await own(db).deleteFrom('cluster_instances').where('instance_id', '=', instance_id).where('taken_over_by', '=', instanceId).execute();
    }
  }

  const tick = () => {
    running = beat().catch(deps.onError);
  };
  tick();
  const timer = setInterval(
    () => {
      if (!stopped) tick();
    },
    Math.max(100, Math.floor(leaseMs / 5)),
  );
  timer.unref();

  return {
    beat: () => beat(),
    // The row stays: an instance that does not come back within its lease is taken over like one
    // that died (what it left running resumes elsewhere; with nothing left, that does nothing).
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
