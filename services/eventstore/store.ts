// The event store on PostgreSQL: optimistic appends with gapless stream versions, inline
// projections in the append's transaction, and upcasting of old payloads on read.
import { sql } from 'kysely';
import { prepared, preparedBuilt, transactionInTwoTrips, type Db } from '../db/database.js';
import { checkRow, ConcurrencyError, type ExpectedVersion, type NewEvent, type Projection, type StoredEvent, type Trx, type Upcaster } from './types.js';
import { own } from './tables.js';

const MAX_ANY_ATTEMPTS = 100;
/** About this many characters of payload an append statement carries, when it may take several. */
const STATEMENT_CHARS = 2 * 1024 * 1024;

type EventRow = { global_position: string; stream_id: string; stream_version: number; type: string; data: unknown; metadata: unknown; recorded_at: Date };

export type AppendResult = { nextVersion: number; events: StoredEvent[] };
/** One stream's part of a batch append (`appendToStreams`). */
export type StreamAppend = { streamId: string; expected: ExpectedVersion; events: NewEvent[] };

export class EventStore {
  private readonly byType = new Map<string, Projection[]>();
  private readonly upcasterOf = new Map<string, Upcaster>();

  constructor(
    readonly db: Db,
    readonly projections: Projection[] = [],
    upcasters: Upcaster[] = [],
  ) {
    for (const p of projections) for (const t of p.handles) this.byType.set(t, [...(this.byType.get(t) ?? []), p]);
    for (const u of upcasters) this.upcasterOf.set(`${u.type}@${u.fromVersion}`, u);
  }

  /**
   * Appends in `trx` when the caller has one; otherwise in a transaction of its own, or as one
   * atomic statement when no inline projection handles these events. A transaction of its own
   * takes two round trips when every projection of these events is statements only.
   */
  async append(streamId: string, expected: ExpectedVersion, events: NewEvent[], trx?: Trx): Promise<AppendResult> {
    for (let attempt = 1; ; attempt++) {
      try {
        if (trx) return await withSavepoint(trx, () => this.appendIn(trx, streamId, expected, events));
        if (!events.some((e) => this.byType.has(e.type))) return await this.appendIn(this.db, streamId, expected, events);
        if (events.length && events.every((e) => (this.byType.get(e.type) ?? []).every((p) => p.statements)))
          return await this.appendInTwoTrips(streamId, expected, events);
        return await this.db.transaction().execute((t) => this.appendIn(t, streamId, expected, events));
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        // `any` asks for no check: a racing append only moves these events further along.
        if (expected === 'any' && attempt < MAX_ANY_ATTEMPTS) continue;
        throw new ConcurrencyError(streamId, expected, await this.currentVersion(trx ?? this.db, streamId));
      }
    }
  }

  /**
   * Appends to many streams at once, each with its own expected version: one statement and the
   * projections in one transaction (the caller's, or one of its own), all or nothing. For a batch
   * of small streams written together (a page of a connector's listing), where one append each
   * would be a transaction each. A stream not at its expected version fails the whole batch.
   */
  async appendToStreams(batch: StreamAppend[], trx?: Trx): Promise<StoredEvent[]> {
    const entries = batch.filter((b) => b.events.length);
    if (!entries.length) return [];
    if (new Set(entries.map((e) => e.streamId)).size !== entries.length) throw new Error('appendToStreams: a stream appears twice in one batch');
    const work = async (t: Trx) => {
      try {
        return await withSavepoint(t, () => this.appendToStreamsIn(t, entries));
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        throw new ConcurrencyError(entries[0].streamId, entries[0].expected, await this.currentVersion(t, entries[0].streamId));
      }
    };
    return trx ? work(trx) : this.db.transaction().execute(work);
  }

  private async appendToStreamsIn(trx: Trx, entries: StreamAppend[]): Promise<StoredEvent[]> {
    const rows = entries.flatMap((e) =>
      e.events.map((ev, i) => ({
        stream_id: e.streamId,
        expected: e.expected === 'any' ? null : e.expected === 'no_stream' ? 0 : e.expected,
        ord: i + 1,
        type: ev.type,
        data: ev.data,
        metadata: { ...ev.metadata, v: ev.v ?? 1 },
      })),
    );
    const { rows: inserted } = await sql<AppendedRow & { stream_id: string; type: string; data: unknown; metadata: unknown }>`
      with input as (
        select x.*, row_number() over () as idx
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(stream_id text, expected int, ord int, type text, data jsonb, metadata jsonb)),
      cur as (
        select s.stream_id, coalesce((select max(e.stream_version) from events e where e.stream_id = s.stream_id), 0)::int as v
        from (select distinct stream_id from input) s)
      insert into events (stream_id, stream_version, type, data, metadata)
      select i.stream_id, c.v + i.ord, i.type, i.data, i.metadata
      from input i join cur c on c.stream_id = i.stream_id
      where i.expected is null or c.v = i.expected
      order by i.idx
      returning global_position, stream_id, stream_version, type, data, metadata, recorded_at`.execute(trx);
    if (inserted.length !== rows.length) {
      const done = new Set(inserted.map((r) => r.stream_id));
      const off = entries.find((e) => !done.has(e.streamId)) ?? entries[0];
      throw new ConcurrencyError(off.streamId, off.expected, await this.currentVersion(trx, off.streamId));
    }
    const stored = inserted.map((r) => this.toStored(r)).sort((a, b) => (BigInt(a.globalPosition) < BigInt(b.globalPosition) ? -1 : 1));
    await this.projectAll(trx, stored);
    return stored;
  }

  /** Many streams folded at once (one read): each stream's state and the version to expect next. */
  async aggregateMany<S>(streamIds: readonly string[], initial: S, evolve: (s: S, e: StoredEvent) => S, db: Db | Trx = this.db) {
    const result = new Map<string, { state: S; version: number }>(streamIds.map((id) => [id, { state: initial, version: 0 }]));
    if (!streamIds.length) return result;
    const rows = await own(db)
      .selectFrom('events')
      .selectAll()
      .where('stream_id', 'in', [...new Set(streamIds)])
      .orderBy('stream_id')
      .orderBy('stream_version')
      .execute();
    for (const r of rows) {
      const at = result.get(r.stream_id)!;
      result.set(r.stream_id, { state: evolve(at.state, this.toStored(r)), version: r.stream_version });
    }
    return result;
  }

  private async appendIn(db: Db | Trx, streamId: string, expected: ExpectedVersion, events: NewEvent[]): Promise<AppendResult> {
    if (events.length === 0) {
      const current = await this.currentVersion(db, streamId);
      if (!matches(expected, current)) throw new ConcurrencyError(streamId, expected, current);
      return { nextVersion: current, events: [] };
    }
    // In a transaction, a large append (a big file's passages) goes in statements of about
    // STATEMENT_CHARS of payload: each one's parameters are encoded on the main thread in one go.
    // Alone, it must stay one statement to be atomic. The statements follow each other on the
    // transaction's connection while this thread encodes the next one's payload and reads back
    // the one before's (JSON both ways, about 0.1 s for a 10 MB file's passages, which the
    // database spent waiting when they took turns). A part's expected version is the one before's
    // plus its events; with `any` each part waits for the one before, whose version it expects.
    const room = this.isTrx(db) ? STATEMENT_CHARS : Number.POSITIVE_INFINITY;
    const stored: StoredEvent[] = [];
    const rowsOf = async (sent: SentPart) => {
      const rows = await sent.rows;
      if (rows.length === 0) throw new ConcurrencyError(streamId, expected, await this.currentVersion(db, streamId));
      return rows;
    };
    let at = expected;
    let previous: SentPart | null = null;
    for (let i = 0; i < events.length; ) {
      const part: NewEvent[] = [];
      const data: string[] = [];
      for (let size = 0; i < events.length && (part.length === 0 || size < room); i++) {
        part.push(events[i]);
        data.push(JSON.stringify(events[i].data));
        size += data[data.length - 1].length;
      }
      const append = appendStatement(db, streamId, at, part, data);
      const before = previous && { append: previous.append, rows: await rowsOf(previous) };
      const sent: SentPart = { append, rows: db.executeQuery(append.query).then((r) => r.rows) };
      // Awaited after the part before is read back: a failure meanwhile must not count as unhandled.
      sent.rows.catch(() => {});
      if (before) stored.push(...this.appended(streamId, before.append, before.rows).events);
      if (at === 'any') {
        stored.push(...this.appended(streamId, append, await rowsOf(sent)).events);
        at = stored[stored.length - 1].streamVersion;
        previous = null;
      } else {
        at = (at === 'no_stream' ? 0 : at) + part.length;
        previous = sent;
      }
    }
    if (previous) stored.push(...this.appended(streamId, previous.append, await rowsOf(previous)).events);
    if (this.isTrx(db)) await this.projectAll(db, stored);
    return { nextVersion: stored[stored.length - 1].streamVersion, events: stored };
  }

  /**
   * The append and its projections' statements in one write, then the commit (or, when the
   * stream was not at the expected version or a projection found no row, the rollback).
   */
  private async appendInTwoTrips(streamId: string, expected: ExpectedVersion, events: NewEvent[]): Promise<AppendResult> {
    const append = appendStatement(this.db, streamId, expected, events);
    const projected = events.flatMap((e) => (this.byType.get(e.type) ?? []).flatMap((p) => p.statements!(this.db, e)));
    const { committed, results } = await transactionInTwoTrips(this.db, [append.query, ...projected.map((s) => s.query)], (results) => {
      if (results[0].rows.length === 0) return false;
      for (const [i, s] of projected.entries()) checkRow(s, results[i + 1].rows);
      return true;
    });
    if (!committed) throw new ConcurrencyError(streamId, expected, await this.currentVersion(this.db, streamId));
    return this.appended(streamId, append, results[0].rows as AppendedRow[]);
  }

  /** The stored events, built from what was written (JSON round trip included), as a later read would see them. */
  private appended(streamId: string, append: ReturnType<typeof appendStatement>, rows: AppendedRow[]): AppendResult {
    const sorted = [...rows].sort((a, b) => a.stream_version - b.stream_version);
    const stored = sorted.map((r, i) =>
      this.toStored({ ...r, stream_id: streamId, type: append.types[i], data: JSON.parse(append.data[i]), metadata: JSON.parse(append.metadata[i]) }),
    );
    return { nextVersion: stored[stored.length - 1].streamVersion, events: stored };
  }

  private isTrx(db: Db | Trx): db is Trx {
    return db !== this.db;
  }

  async project(trx: Trx, event: StoredEvent) {
    await this.projectAll(trx, [event]);
  }

  /** Events in order through their projections: each event in turn, then the batched projections (applyAll) with theirs. */
  async projectAll(trx: Trx, events: StoredEvent[]) {
    const batched = new Map<Projection, StoredEvent[]>();
    for (const event of events)
      for (const p of this.byType.get(event.type) ?? []) {
        if (!p.applyAll) await p.apply(trx, event);
        else if (batched.has(p)) batched.get(p)!.push(event);
        else batched.set(p, [event]);
      }
    for (const [p, mine] of batched) await p.applyAll!(trx, mine);
  }

  async readStream(streamId: string, db: Db | Trx = this.db): Promise<StoredEvent[]> {
    const rows = await preparedBuilt(own(db).selectFrom('events').selectAll().where('stream_id', '=', streamId).orderBy('stream_version')).execute();
    return rows.map((r) => this.toStored(r));
  }

  /** Folds a stream into state; returns the version to use as the next expected version. */
  async aggregate<S>(streamId: string, initial: S, evolve: (s: S, e: StoredEvent) => S, db: Db | Trx = this.db) {
    const events = await this.readStream(streamId, db);
    return { state: events.reduce(evolve, initial), version: events.length };
  }

  private async currentVersion(db: Db | Trx, streamId: string) {
    const row = await own(db)
      .selectFrom('events')
      .select(sql<number>`coalesce(max(stream_version), 0)::int`.as('v'))
      .where('stream_id', '=', streamId)
      .executeTakeFirstOrThrow();
    return row.v;
  }

  toStored(r: EventRow): StoredEvent {
    const metadata = (r.metadata ?? {}) as Record<string, unknown>;
    let data = r.data;
    let v = typeof metadata.v === 'number' ? metadata.v : 1;
    // Step by step to the newest version, whatever order the upcasters were listed in.
    for (let u = this.upcasterOf.get(`${r.type}@${v}`); u; u = this.upcasterOf.get(`${r.type}@${v}`)) {
      data = u.up(data);
      v++;
    }
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

type AppendedRow = { global_position: string; stream_version: number; recorded_at: Date };
/** An append statement on its way: its rows once it has run. */
type SentPart = { append: ReturnType<typeof appendStatement>; rows: Promise<AppendedRow[]> };

/**
 * One prepared INSERT … SELECT checks the expected version and numbers the events: one round
 * trip, planned once per connection. No row comes back when the stream is elsewhere. The
 * payloads go as one JSON array, not an array parameter: node-postgres escapes every quote of an
 * array's elements on the main thread (137 ms in one go for the 24 MB of passages a 50 MB file
 * records), while a text parameter is sent as it is.
 */
function appendStatement(db: Db | Trx, streamId: string, expected: ExpectedVersion, events: NewEvent[], data = events.map((e) => JSON.stringify(e.data))) {
  const types = events.map((e) => e.type);
  const metadata = events.map((e) => JSON.stringify({ ...e.metadata, v: e.v ?? 1 }));
  const check = expected === 'any' ? null : expected === 'no_stream' ? 0 : expected;
  const query = sql<AppendedRow>`${sql.raw(prepared('es_append'))}
      with cur as (select coalesce(max(stream_version), 0)::int as v from events where stream_id = ${streamId})
      insert into events (stream_id, stream_version, type, data, metadata)
      select ${streamId}, cur.v + e.ord::int, (${types}::text[])[e.ord::int], e.data, (${metadata}::jsonb[])[e.ord::int]
      from cur, jsonb_array_elements(${`[${data.join(',')}]`}::jsonb) with ordinality as e(data, ord)
      where ${check}::int is null or cur.v = ${check}::int
      returning global_position, stream_version, recorded_at`.compile(db);
  return { query, types, data, metadata };
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

function matches(expected: ExpectedVersion, current: number) {
  return expected === 'any' || (expected === 'no_stream' ? current === 0 : expected === current);
}

/**
 * One field (`pick`) of the payloads of the events of `type` whose field `where.field` is
 * `where.equals`, as recorded (not upcast), in no order: for a question the log answers after a
 * crash, when no read model keeps it (orgs' departure.ts: the organisations a person closed).
 */
export async function payloadFieldOf(db: Db | Trx, type: string, where: { field: string; equals: string }, pick: string): Promise<string[]> {
  const rows = await own(db)
    .selectFrom('events')
    .select(sql<string>`data->>${pick}::text`.as('value'))
    .where('type', '=', type)
    .where(sql<boolean>`data->>${where.field}::text = ${where.equals}`)
    .execute();
  return rows.map((r) => r.value);
}
