// Erasure of a person's data from the log (docs/data-rights.md). Each domain registers a redactor
// per event type that may hold personal data; on an account's deletion the redactors rewrite the
// stored payloads of that person's events in place, keeping their shape (ids, timestamps, types),
// so every projection and every later rebuild still reads them. This is the one place an event is
// rewritten: the erasure a person is owed outranks "events are never rewritten".
import { sql } from 'kysely';
import type { Trx } from './types.js';
import { own } from './tables.js';

/** Who is erased, and what is wholly theirs. Lives only inside the erasing step: never logged or returned. */
export type ErasedPerson = {
  userId: string;
  /** Every address the account had, lower case. */
  emails: readonly string[];
  /** Every name the account had. */
  names: readonly string[];
  /** Streams that are wholly the person's and go with them: their threads, files, removed Spaces, account. */
  streams: ReadonlySet<string>;
};

/**
 * The payload with the person's data removed, or undefined when the event holds none of theirs.
 * It receives the payload as stored (any version of the type): blank what is there, keep the shape.
 */
// biome-ignore lint/suspicious/noExplicitAny: a redactor reads any stored version of its payload.
export type Redactor = (event: { streamId: string; data: any }, person: ErasedPerson) => unknown;

/** Event type to its redactor; services/app/erasure.ts joins every domain's map. */
export type Redactors = Readonly<Record<string, Redactor>>;

/** Joins domains' maps; a type registered twice is a wiring mistake, refused at start. */
export function joinRedactors(...maps: Redactors[]): Redactors {
  const out: Record<string, Redactor> = {};
  for (const m of maps)
    for (const [type, r] of Object.entries(m)) {
      if (out[type]) throw new Error(`two redactors for event type ${type}`);
      out[type] = r;
    }
  return out;
}

/** The payload with `keys` blanked where present: strings to '', arrays to [], others to null. */
export function blank<T>(data: T, keys: readonly string[]): T {
  const out = { ...(data as Record<string, unknown>) };
  for (const k of keys) {
    if (!(k in out)) continue;
    const v = out[k];
    out[k] = typeof v === 'string' ? '' : Array.isArray(v) ? [] : v === null || v === undefined ? v : typeof v === 'object' ? {} : null;
  }
  return out as T;
}

/**
 * Whether a value (deeply) holds one of the person's addresses, or one of their names as a whole
 * word (so erasing "Ann" leaves a mail about an "announcement" alone).
 */
export function mentions(value: unknown, person: Pick<ErasedPerson, 'emails' | 'names'>): boolean {
  const text = JSON.stringify(value).toLowerCase();
  if (person.emails.some((e) => e.length > 0 && text.includes(e.toLowerCase()))) return true;
  return person.names.some((n) => n.trim().length > 0 && wholeWord(n.trim().toLowerCase()).test(text));
}

const wholeWord = (s: string) => new RegExp(`(?<![\\p{L}\\p{N}])${s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'u');

/** The event's payload with the person's data removed, or undefined when it holds none of theirs. */
export function redactOne(redactors: Redactors, event: { type: string; streamId: string; data: unknown }, person: ErasedPerson): unknown {
  const redact = redactors[event.type];
  if (!redact) return undefined;
  const next = redact({ streamId: event.streamId, data: event.data }, person);
  return next === undefined || JSON.stringify(next) === JSON.stringify(event.data) ? undefined : next;
}

/**
 * Rewrites the payloads of every event that a redactor says holds the person's data, in `trx`
 * (call it in one transaction: half an erasure must never commit). Returns how many were rewritten.
 */
export async function eraseEvents(trx: Trx, redactors: Redactors, person: ErasedPerson, pageSize = 500): Promise<number> {
  let rewritten = 0;
  for (const type of Object.keys(redactors)) {
    let after = '0';
    for (;;) {
      const rows = await own(trx)
        .selectFrom('events')
        .select(['global_position', 'stream_id', 'data'])
        .where('type', '=', type)
        .where('global_position', '>', after)
        .orderBy('global_position')
        .limit(pageSize)
        .execute();
      if (rows.length === 0) break;
      for (const row of rows) {
        const next = redactOne(redactors, { type, streamId: row.stream_id, data: row.data }, person);
        if (next === undefined) continue;
        await own(trx)
          .updateTable('events')
          .set({ data: JSON.stringify(next), metadata: sql`metadata || '{"erased":true}'::jsonb` })
          .where('global_position', '=', row.global_position)
          .execute();
        rewritten++;
      }
      after = rows[rows.length - 1].global_position;
    }
  }
  return rewritten;
}
