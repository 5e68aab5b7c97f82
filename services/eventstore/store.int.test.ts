// The event store on real PostgreSQL: expected-version rules, reading, inline projections in
// the append's transaction, and upcasting on read.
import { NoResultError, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { migratedDb } from '../../tests/support/database.js';
import type { Db } from '../db/database.js';
import { EventStore } from './store.js';
import { ConcurrencyError, statementsProjection, type Projection } from './types.js';
import { allTables } from '../../tests/support/all-tables.js';

let db: Db;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ db, close } = await migratedDb());
  await sql`create table notes (stream_id text primary key, count int not null, last_text text not null)`.execute(db);
  await sql`create table tallies (key text primary key, n int not null)`.execute(db);
});
afterAll(async () => close?.());

let n = 0;
const stream = (name = 's') => `${name}-${++n}`;
const note = (text: string) => ({ type: 'NoteAdded', data: { text } });

/** A read model `notes`: one row per stream, written by its projection. */
const notesProjection: Projection = {
  name: 'notes',
  tables: ['notes'],
  handles: ['NoteAdded'],
  async apply(trx, event) {
    const text = (event.data as { text: string }).text;
    if (text === 'explode') throw new Error('projection failed');
    await sql`insert into notes (stream_id, count, last_text) values (${event.streamId}, 1, ${text})
              on conflict (stream_id) do update set count = notes.count + 1, last_text = excluded.last_text`.execute(trx);
  },
};

const versionsOf = async (store: EventStore, id: string) => (await store.readStream(id)).map((e) => e.streamVersion);
const noteRow = async (id: string) =>
  (await sql<{ count: number; last_text: string }>`select count, last_text from notes where stream_id = ${id}`.execute(db)).rows[0];
/** How many sessions of this database wait on a lock now. */
const lockWaits = async () =>
  Number(
    (await sql<{ n: string }>`select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(db)).rows[0]
      .n,
  );

describe('expected versions', () => {
  test('a new stream starts at version 1 and versions follow one by one', async () => {
    const store = new EventStore(db);
    const id = stream();
    expect((await store.append(id, 'no_stream', [note('a'), note('b')])).nextVersion).toBe(2);
    expect((await store.append(id, 2, [note('c')])).nextVersion).toBe(3);
    expect(await versionsOf(store, id)).toEqual([1, 2, 3]);
  });

  test('expected version 0 means the stream must be empty', async () => {
    const store = new EventStore(db);
    const id = stream();
    await store.append(id, 0, [note('a')]);
    await expect(store.append(id, 0, [note('b')])).rejects.toThrow(ConcurrencyError);
    expect(await versionsOf(store, id)).toEqual([1]);
  });

  test('no_stream on an existing stream is a conflict that names the actual version', async () => {
    const store = new EventStore(db);
    const id = stream();
    await store.append(id, 'no_stream', [note('a'), note('b')]);
    const err = await store.append(id, 'no_stream', [note('c')]).catch((e) => e);
    expect(err).toBeInstanceOf(ConcurrencyError);
    expect(err).toMatchObject({ streamId: id, expected: 'no_stream', actual: 2 });
  });

  test('a stale or future expected version is refused and appends nothing', async () => {
    const store = new EventStore(db);
    const id = stream();
    await store.append(id, 'no_stream', [note('a'), note('b')]);
    await expect(store.append(id, 1, [note('stale')])).rejects.toMatchObject({ name: 'ConcurrencyError', expected: 1, actual: 2 });
    await expect(store.append(id, 5, [note('future')])).rejects.toMatchObject({ name: 'ConcurrencyError', expected: 5, actual: 2 });
    expect((await store.readStream(id)).map((e) => (e.data as { text: string }).text)).toEqual(['a', 'b']);
  });

  test('any appends after whatever is there', async () => {
    const store = new EventStore(db);
    const id = stream();
    await store.append(id, 'any', [note('a')]);
    await store.append(id, 'any', [note('b')]);
    expect(await versionsOf(store, id)).toEqual([1, 2]);
  });

  test('appending no events checks the version and changes nothing', async () => {
    const store = new EventStore(db);
    const id = stream();
    await store.append(id, 'no_stream', [note('a')]);
    expect(await store.append(id, 1, [])).toEqual({ nextVersion: 1, events: [] });
    await expect(store.append(id, 0, [])).rejects.toThrow(ConcurrencyError);
    expect(await versionsOf(store, id)).toEqual([1]);
  });
});

describe('reading', () => {
  test('a stream reads back in order with its data, metadata, type and increasing global positions', async () => {
    const store = new EventStore(db);
    const id = stream();
    const other = stream();
    await store.append(id, 'no_stream', [{ type: 'A', data: { n: 1 }, metadata: { actor: 'u1' } }]);
    await store.append(other, 'no_stream', [{ type: 'X', data: {} }]);
    await store.append(id, 1, [{ type: 'B', data: { n: 2, nested: { list: [1, 'two', null] } } }]);
    const events = await store.readStream(id);
    expect(events.map((e) => [e.streamId, e.streamVersion, e.type, e.data])).toEqual([
      [id, 1, 'A', { n: 1 }],
      [id, 2, 'B', { n: 2, nested: { list: [1, 'two', null] } }],
    ]);
    expect(events[0].metadata).toEqual({ actor: 'u1', v: 1 });
    expect(BigInt(events[1].globalPosition)).toBeGreaterThan(BigInt(events[0].globalPosition) + 1n);
    expect(events[0].recordedAt).toBeInstanceOf(Date);
    expect(await store.readStream(stream('missing'))).toEqual([]);
  });

  test('aggregate folds the stream and returns the version to append at next', async () => {
    const store = new EventStore(db);
    const id = stream();
    await store.append(id, 'no_stream', [note('a'), note('b'), note('c')]);
    const { state, version } = await store.aggregate(id, [] as string[], (s, e) => [...s, (e.data as { text: string }).text]);
    expect(state).toEqual(['a', 'b', 'c']);
    expect(version).toBe(3);
    await store.append(id, version, [note('d')]);
    expect(await versionsOf(store, id)).toEqual([1, 2, 3, 4]);
  });
});

describe('inline projections', () => {
  test('the read model is written in the append, so it is readable as soon as append returns', async () => {
    const store = new EventStore(db, [notesProjection]);
    const id = stream();
    await store.append(id, 'no_stream', [note('first'), note('second')]);
    expect(await noteRow(id)).toEqual({ count: 2, last_text: 'second' });
  });

  test('a projection that fails halfway leaves no event and no read-model row', async () => {
    const store = new EventStore(db, [notesProjection]);
    const id = stream();
    await expect(store.append(id, 'no_stream', [note('fine'), note('explode')])).rejects.toThrow('projection failed');
    expect(await store.readStream(id)).toEqual([]);
    expect(await noteRow(id)).toBeUndefined();
    // The stream is still new: the next append starts it at version 1.
    await store.append(id, 'no_stream', [note('fine')]);
    expect(await versionsOf(store, id)).toEqual([1]);
    expect(await noteRow(id)).toEqual({ count: 1, last_text: 'fine' });
  });

  test('in a caller transaction, a failure later in that transaction rolls back the events and the read model', async () => {
    const store = new EventStore(db, [notesProjection]);
    const id = stream();
    await expect(
      db.transaction().execute(async (trx) => {
        await store.append(id, 'no_stream', [note('a')], trx);
        throw new Error('use case failed after appending');
      }),
    ).rejects.toThrow('use case failed');
    expect(await store.readStream(id)).toEqual([]);
    expect(await noteRow(id)).toBeUndefined();
  });

  test('a batching projection gets all the events of one append it handles in one call, in order, after the per-event projections', async () => {
    const calls: string[][] = [];
    const batching: Projection = {
      name: 'texts',
      tables: [],
      handles: ['NoteAdded'],
      apply: async () => {
        throw new Error('apply is not used when applyAll is given');
      },
      async applyAll(trx, events) {
        // The per-event projection has written every event of the append already.
        const row = (await sql<{ count: number }>`select count from notes where stream_id = ${events[0].streamId}`.execute(trx)).rows[0];
        calls.push([...events.map((e) => (e.data as { text: string }).text), `notes: ${row.count}`]);
      },
    };
    const store = new EventStore(db, [batching, notesProjection]);
    const id = stream();
    await db.transaction().execute((trx) => store.append(id, 'no_stream', [note('a'), { type: 'Other', data: {} }, note('b'), note('c')], trx));
    expect(calls).toEqual([['a', 'b', 'c', 'notes: 3']]);
  });

  test('a large append in a transaction (several statements) keeps its events, their order and numbering, and rolls back whole', async () => {
    const store = new EventStore(db, [notesProjection]);
    const big = (i: number) => note(`${i}:${'x'.repeat(900_000)}`);
    const id = stream();
    await db.transaction().execute((trx) => store.append(id, 'no_stream', [big(1), big(2), big(3), big(4), big(5)], trx));
    const read = await store.readStream(id);
    expect(read.map((e) => [e.streamVersion, (e.data as { text: string }).text.split(':')[0]])).toEqual([1, 2, 3, 4, 5].map((i) => [i, String(i)]));
    expect(read.map((e) => Number(e.globalPosition))).toEqual([...read.map((e) => Number(e.globalPosition))].sort((a, b) => a - b));
    expect((await noteRow(id)).count).toBe(5);

    const failing = stream();
    await expect(db.transaction().execute((trx) => store.append(failing, 'no_stream', [big(1), big(2), big(3), note('explode')], trx))).rejects.toThrow(
      'projection failed',
    );
    expect(await store.readStream(failing)).toEqual([]);
  });

  test('a large append in a transaction at a stale version throws ConcurrencyError and adds none of its parts', async () => {
    const store = new EventStore(db, [notesProjection]);
    const big = (i: number) => note(`${i}:${'x'.repeat(900_000)}`);
    const id = stream();
    await store.append(id, 'no_stream', [note('first')]);
    const stale = db.transaction().execute((trx) => store.append(id, 'no_stream', [big(1), big(2), big(3), big(4), big(5)], trx));
    await expect(stale).rejects.toBeInstanceOf(ConcurrencyError);
    expect(await versionsOf(store, id)).toEqual([1]);
    expect(await noteRow(id)).toEqual({ count: 1, last_text: 'first' });
  });

  test('a large append in a transaction at any version follows the stream as it is, in order', async () => {
    const store = new EventStore(db, [notesProjection]);
    const big = (i: number) => note(`${i}:${'x'.repeat(900_000)}`);
    const id = stream();
    await store.append(id, 'no_stream', [note('first'), note('second')]);
    await db.transaction().execute((trx) => store.append(id, 'any', [big(1), big(2), big(3), big(4), big(5)], trx));
    const read = await store.readStream(id);
    expect(read.map((e) => [e.streamVersion, (e.data as { text: string }).text.split(':')[0]])).toEqual([
      [1, 'first'],
      [2, 'second'],
      ...[1, 2, 3, 4, 5].map((i) => [i + 2, String(i)]),
    ]);
    expect((await noteRow(id)).count).toBe(7);
  });

  test('a large payload is stored as it is, not compressed on the write path (migration 0034)', async () => {
    const store = new EventStore(db);
    const id = stream();
    // 200 KB that pglz would squeeze to a few KB.
    await store.append(id, 'no_stream', [note('ab'.repeat(100_000))]);
    const { rows } = await sql<{ stored: number }>`select pg_column_size(data) as stored from events where stream_id = ${id}`.execute(db);
    expect(rows[0].stored).toBeGreaterThan(200_000);
    expect(((await store.readStream(id))[0].data as { text: string }).text).toBe('ab'.repeat(100_000));
  });

  test('appends to two streams in one transaction commit together', async () => {
    const store = new EventStore(db, [notesProjection]);
    const [a, b] = [stream(), stream()];
    await db.transaction().execute(async (trx) => {
      await store.append(a, 'no_stream', [note('a')], trx);
      await store.append(b, 'no_stream', [note('b')], trx);
    });
    expect([await noteRow(a), await noteRow(b)]).toEqual([
      { count: 1, last_text: 'a' },
      { count: 1, last_text: 'b' },
    ]);
  });

  test('losing a race inside a caller transaction is a ConcurrencyError and leaves that transaction usable', async () => {
    const store = new EventStore(db, [notesProjection]);
    const id = stream();
    const side = stream('side');
    let releaseWinner!: () => void;
    const winnerHolds = new Promise<void>((r) => (releaseWinner = r));
    let winnerAppended!: () => void;
    const appended = new Promise<void>((r) => (winnerAppended = r));
    const winner = db.transaction().execute(async (trx) => {
      await store.append(id, 'no_stream', [note('winner')], trx);
      winnerAppended();
      await winnerHolds;
    });
    await appended;
    const loser = db.transaction().execute(async (trx) => {
      // Reads version 0 (the winner has not committed), then waits on the unique key.
      const attempt = store.append(id, 0, [note('loser')], trx).catch((e) => e);
      // Let the winner commit only once the loser's insert is waiting on the winner's lock.
      await expect.poll(() => lockWaits(), { timeout: 10_000 }).toBeGreaterThan(0);
      releaseWinner();
      const err = await attempt;
      expect(err).toBeInstanceOf(ConcurrencyError);
      expect(err.actual).toBe(1);
      await store.append(side, 'no_stream', [note('still works')], trx);
    });
    await Promise.all([winner, loser]);
    expect((await store.readStream(id)).map((e) => (e.data as { text: string }).text)).toEqual(['winner']);
    expect(await noteRow(side)).toEqual({ count: 1, last_text: 'still works' });
  });
});

// `Tallied` starts a tally or counts one more; `Bumped` counts one more on a tally that must exist.
const talliesProjection = statementsProjection({
  name: 'tallies',
  tables: ['tallies'],
  handles: ['Tallied', 'Bumped'],
  statements(qb, event) {
    const key = (event.data as { key: string }).key;
    if (event.type === 'Tallied')
      return [{ query: sql`insert into tallies (key, n) values (${key}, 1) on conflict (key) do update set n = tallies.n + 1`.compile(qb), expectsRow: false }];
    return [{ query: sql`update tallies set n = n + 1 where key = ${key} returning key`.compile(qb), expectsRow: true }];
  },
});
const tally = async (key: string) => (await sql<{ n: number }>`select n from tallies where key = ${key}`.execute(db)).rows[0]?.n;

describe('a projection of statements only goes out with its append (two round trips)', () => {
  const store = () => new EventStore(db, [talliesProjection]);

  test('events and read model are written together, the stored events as a read gives them', async () => {
    const id = stream('tally');
    const first = await store().append(id, 'no_stream', [
      { type: 'Tallied', data: { key: id } },
      { type: 'Bumped', data: { key: id } },
    ]);
    expect(first.nextVersion).toBe(2);
    expect(first.events).toEqual(await store().readStream(id));
    expect(await tally(id)).toBe(2);
  });

  test('of appends racing at one expected version, one wins; the loser writes nothing and learns the version', async () => {
    const id = stream('tally');
    await store().append(id, 'no_stream', [{ type: 'Tallied', data: { key: id } }]);
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => store().append(id, 1, [{ type: 'Bumped', data: { key: id } }])));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((r) => r.status === 'rejected'))
      expect((r as PromiseRejectedResult).reason).toMatchObject({ name: 'ConcurrencyError', actual: 2 });
    expect(await versionsOf(store(), id)).toEqual([1, 2]);
    expect(await tally(id)).toBe(2);
  });

  test('a stale expected version is refused before anything is written', async () => {
    const id = stream('tally');
    await store().append(id, 'no_stream', [{ type: 'Tallied', data: { key: id } }]);
    await expect(store().append(id, 0, [{ type: 'Tallied', data: { key: id } }])).rejects.toBeInstanceOf(ConcurrencyError);
    expect(await versionsOf(store(), id)).toEqual([1]);
    expect(await tally(id)).toBe(1);
  });

  test('a statement that must find a row and finds none rolls the append back', async () => {
    const id = stream('tally');
    await expect(store().append(id, 'no_stream', [{ type: 'Bumped', data: { key: id } }])).rejects.toBeInstanceOf(NoResultError);
    expect(await versionsOf(store(), id)).toEqual([]);
    // The same projection in a caller's transaction: the same rule.
    await expect(db.transaction().execute((trx) => store().append(id, 'no_stream', [{ type: 'Bumped', data: { key: id } }], trx))).rejects.toBeInstanceOf(
      NoResultError,
    );
    expect(await versionsOf(store(), id)).toEqual([]);
  });

  test('beside a projection that reads or computes, the append takes the one-statement-at-a-time way, with the same outcome', async () => {
    const id = stream('tally');
    const both = new EventStore(db, [talliesProjection, { ...notesProjection, handles: ['Tallied'] }]);
    await both.append(id, 'no_stream', [{ type: 'Tallied', data: { key: id, text: 'both' } }]);
    expect(await tally(id)).toBe(1);
    expect(await noteRow(id)).toEqual({ count: 1, last_text: 'both' });
  });
});

describe('upcasting', () => {
  const renamed = { type: 'NameSet', fromVersion: 1, up: (d: { name: string }) => ({ full_name: d.name }) };
  const split = {
    type: 'NameSet',
    fromVersion: 2,
    up: (d: { full_name: string }) => ({ first: d.full_name.split(' ')[0], last: d.full_name.split(' ').slice(1).join(' ') }),
  };

  test('an old payload is upcast when read and never rewritten', async () => {
    const id = stream();
    await new EventStore(db).append(id, 'no_stream', [{ type: 'NameSet', data: { name: 'Ada Lovelace' } }]);
    const [event] = await new EventStore(db, [], [renamed]).readStream(id);
    expect(event.data).toEqual({ full_name: 'Ada Lovelace' });
    expect(event.metadata.v).toBe(2);
    const stored = await allTables(db).selectFrom('events').select(['data', 'metadata']).where('stream_id', '=', id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ data: { name: 'Ada Lovelace' }, metadata: { v: 1 } });
  });

  test('upcasters chain from any old version to the newest, whatever order they are listed in', async () => {
    const id = stream();
    await new EventStore(db).append(id, 'no_stream', [
      { type: 'NameSet', data: { name: 'Ada Lovelace' } },
      { type: 'NameSet', data: { full_name: 'Grace Brewster Hopper' }, v: 2 },
      { type: 'NameSet', data: { first: 'Alan', last: 'Turing' }, v: 3 },
    ]);
    const expected = [
      { first: 'Ada', last: 'Lovelace' },
      { first: 'Grace', last: 'Brewster Hopper' },
      { first: 'Alan', last: 'Turing' },
    ];
    for (const upcasters of [
      [renamed, split],
      [split, renamed],
    ]) {
      const events = await new EventStore(db, [], upcasters).readStream(id);
      expect(events.map((e) => e.data)).toEqual(expected);
      expect(events.map((e) => e.metadata.v)).toEqual([3, 3, 3]);
    }
  });

  test('projections see the upcast payload, on append and on aggregate', async () => {
    const seen: unknown[] = [];
    const id = stream();
    const store = new EventStore(db, [{ name: 'spy', tables: [], handles: ['NameSet'], apply: async (_t, e) => void seen.push(e.data) }], [renamed]);
    await store.append(id, 'no_stream', [{ type: 'NameSet', data: { name: 'Ada' } }]);
    expect(seen).toEqual([{ full_name: 'Ada' }]);
    const { state } = await store.aggregate(id, null as unknown, (_s, e) => e.data);
    expect(state).toEqual({ full_name: 'Ada' });
  });

  test('other event types pass through untouched', async () => {
    const id = stream();
    await new EventStore(db).append(id, 'no_stream', [note('plain')]);
    const [event] = await new EventStore(db, [], [renamed]).readStream(id);
    expect(event.data).toEqual({ text: 'plain' });
    expect(event.metadata.v).toBe(1);
  });
});

describe('appending to many streams at once', () => {
  test('each stream at its own expected version, the projections written, and the streams folded back in one read', async () => {
    const store = new EventStore(db, [notesProjection]);
    const [a, b, c] = [stream('many'), stream('many'), stream('many')];
    await store.append(b, 'no_stream', [note('b1')]);
    const stored = await store.appendToStreams([
      { streamId: a, expected: 'no_stream', events: [note('a1'), note('a2')] },
      { streamId: b, expected: 1, events: [note('b2')] },
      { streamId: c, expected: 'any', events: [note('c1')] },
    ]);
    expect(stored.map((e) => [e.streamId, e.streamVersion])).toEqual([
      [a, 1],
      [a, 2],
      [b, 2],
      [c, 1],
    ]);
    expect(await versionsOf(store, a)).toEqual([1, 2]);
    expect(await noteRow(a)).toEqual({ count: 2, last_text: 'a2' });
    expect(await noteRow(b)).toEqual({ count: 2, last_text: 'b2' });
    const folded = await store.aggregateMany([a, b, c, stream('none')], [] as string[], (s, e) => [...s, (e.data as { text: string }).text]);
    expect([...folded.values()].map((f) => [f.state, f.version])).toEqual([
      [['a1', 'a2'], 2],
      [['b1', 'b2'], 2],
      [['c1'], 1],
      [[], 0],
    ]);
  });

  test('one stream not at its expected version refuses the whole batch: no event and no read-model row of any', async () => {
    const store = new EventStore(db, [notesProjection]);
    const [a, b] = [stream('many'), stream('many')];
    await store.append(b, 'no_stream', [note('b1'), note('b2')]);
    const err = await store
      .appendToStreams([
        { streamId: a, expected: 'no_stream', events: [note('a1')] },
        { streamId: b, expected: 1, events: [note('stale')] },
      ])
      .catch((e) => e);
    expect(err).toBeInstanceOf(ConcurrencyError);
    expect(err).toMatchObject({ streamId: b, expected: 1, actual: 2 });
    expect(await store.readStream(a)).toEqual([]);
    expect(await noteRow(a)).toBeUndefined();
    expect(await versionsOf(store, b)).toEqual([1, 2]);
  });

  test('a projection failing on one stream leaves none of the batch', async () => {
    const store = new EventStore(db, [notesProjection]);
    const [a, b] = [stream('many'), stream('many')];
    await expect(
      store.appendToStreams([
        { streamId: a, expected: 'no_stream', events: [note('a1')] },
        { streamId: b, expected: 'no_stream', events: [note('explode')] },
      ]),
    ).rejects.toThrow('projection failed');
    expect(await store.readStream(a)).toEqual([]);
    expect(await noteRow(a)).toBeUndefined();
  });
});
