// The event store on PostgreSQL: optimistic appends with gapless stream versions, inline
// projections in the append's transaction, and upcasting of old payloads on read.
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { ConcurrencyError, type ExpectedVersion, type NewEvent, type Projection, type StoredEvent, type Trx, type Upcaster } from './types.js';

const MAX_ANY_ATTEMPTS = 100;

export type AppendResult = { nextVersion: number; events: StoredEvent[] };

export class EventStore {
  private readonly byType = new Map<string, Projection[]>();
  private readonly upcasterOf = new Map<string, Upcaster>();

  constructor(
    readonly db: Db,
    readonly projections: Projection[] = [],
    upcasters: Upcaster[] = [],
  ) {
    for (const p of projections)
      for (const t of p.handles) this.byType.set(t, [...(this.byType.get(t) ?? []), p]);
    for (const u of upcasters) this.upcasterOf.set(`${u.type}@${u.fromVersion}`, u);
  }

  /** Appends in its own transaction, or in `trx` when the caller already has one. */
  async append(streamId: string, expected: ExpectedVersion, events: NewEvent[], trx?: Trx): Promise<AppendResult> {
    if (trx) return this.appendIn(trx, streamId, expected, events);
    return this.db.transaction().execute((t) => this.appendIn(t, streamId, expected, events));
  }

  private async appendIn(trx: Trx, streamId: string, expected: ExpectedVersion, events: NewEvent[]): Promise<AppendResult> {
    for (let attempt = 1; ; attempt++) {
      const current = await this.currentVersion(trx, streamId);
      if (expected === 'no_stream' && current !== 0) throw new ConcurrencyError(streamId, expected, current);
      if (typeof expected === 'number' && expected !== current) throw new ConcurrencyError(streamId, expected, current);
      if (events.length === 0) return { nextVersion: current, events: [] };

      const rows = events.map((e, i) => ({
        stream_id: streamId,
        stream_version: current + i + 1,
        type: e.type,
        data: JSON.stringify(e.data),
        metadata: JSON.stringify({ ...e.metadata, v: e.v ?? 1 }),
      }));
      let inserted;
      try {
        // A savepoint keeps the caller's transaction usable when a racing append wins.
        inserted = await withSavepoint(trx, () => trx.insertInto('events').values(rows).returningAll().execute());
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        // `any` asks for no check: a racing append only moves these events further along.
        if (expected === 'any' && attempt < MAX_ANY_ATTEMPTS) continue;
        throw new ConcurrencyError(streamId, expected, await this.currentVersion(trx, streamId));
      }
      const stored = inserted.map((r) => this.toStored(r));
      for (const event of stored) await this.project(trx, event);
      return { nextVersion: current + events.length, events: stored };
    }
  }

  async project(trx: Trx, event: StoredEvent) {
    for (const p of this.byType.get(event.type) ?? []) await p.apply(trx, event);
  }

  async readStream(streamId: string, db: Db | Trx = this.db): Promise<StoredEvent[]> {
    const rows = await db.selectFrom('events').selectAll().where('stream_id', '=', streamId).orderBy('stream_version').execute();
    return rows.map((r) => this.toStored(r));
  }

  /** Folds a stream into state; returns the version to use as the next expected version. */
  async aggregate<S>(streamId: string, initial: S, evolve: (s: S, e: StoredEvent) => S, db: Db | Trx = this.db) {
    const events = await this.readStream(streamId, db);
    return { state: events.reduce(evolve, initial), version: events.length };
  }

  private async currentVersion(trx: Trx, streamId: string) {
    const row = await trx
      .selectFrom('events')
      .select(sql<number>`coalesce(max(stream_version), 0)::int`.as('v'))
      .where('stream_id', '=', streamId)
      .executeTakeFirstOrThrow();
    return row.v;
  }

  toStored(r: { global_position: string; stream_id: string; stream_version: number; type: string; data: unknown; metadata: unknown; recorded_at: Date }): StoredEvent {
    const metadata = (r.metadata ?? {}) as Record<string, unknown>;
    let data = r.data;
    let v = typeof metadata.v === 'number' ? metadata.v : 1;
    // Step by step to the newest version, whatever order the upcasters were listed in.
    for (let u = this.upcasterOf.get(`${r.type}@${v}`); u; u = this.upcasterOf.get(`${r.type}@${v}`)) ((data = u.up(data)), v++);
    return {
      globalPosition: String(r.global_position),
      streamId: r.stream_id,
      streamVersion: r.stream_version,
      type: r.type,
      data,
      metadata: { ...metadata, v },
      recordedAt: r.recorded_at,
    };
  }
}

async function withSavepoint<T>(trx: Trx, work: () => Promise<T>): Promise<T> {
  const name = `sp_${Math.random().toString(36).slice(2, 10)}`;
  await sql.raw(`savepoint ${name}`).execute(trx);
  try {
    const result = await work();
    await sql.raw(`release savepoint ${name}`).execute(trx);
    return result;
  } catch (err) {
    await sql.raw(`rollback to savepoint ${name}`).execute(trx);
    throw err;
  }
}

function isUniqueViolation(err: unknown) {
  return typeof err === 'object' && err !== null && (err as { code?: string }).code === '23505';
}
