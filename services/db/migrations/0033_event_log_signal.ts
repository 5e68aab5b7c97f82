import { type Kysely, sql } from 'kysely';

// The event log says when it grows, so consumers are told instead of polling (a dozen consumers
// polling every 200-1000 ms cost an idle instance about a tenth of a core, and as much again in
// PostgreSQL): after each statement that appends events, `pg_notify('event_log', type)` once per
// distinct type it appended. PostgreSQL delivers a notification at commit (never for a rollback)
// and sends identical ones of a transaction once, so a transaction of many appends says each of
// its types once. The transition table lets one statement of thousands of rows notify per type,
// not per row.
export async function up(db: Kysely<unknown>) {
  await sql`create function events_signal() returns trigger language plpgsql as $$
    begin
      perform pg_notify('event_log', t.type) from (select distinct type from appended) t;
      return null;
    end $$`.execute(db);
  await sql`create trigger events_signal after insert on events
    referencing new table as appended for each statement execute function events_signal()`.execute(db);
}
