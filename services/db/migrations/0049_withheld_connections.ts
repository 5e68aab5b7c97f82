import { sql, type Kysely } from 'kysely';

// A disconnected or deleted connection's content is withheld from the moment its event commits,
// while its removal (workflows/connector-removal.ts) deletes it batch by batch: its files are
// neither listed nor opened, its passages never found. Each synced file keeps its connection
// (`files.connection_uuid`) and each passage what it came through (`passages.origin`: a synced
// file's or an app document's connection); the connections withheld are one small table per
// domain, written by its projection from the connection's events, so withholding costs one row
// however many files it synced, and a file indexed after the disconnection is withheld too.
export async function up(db: Kysely<unknown>) {
  await sql`alter table files add column connection_uuid text`.execute(db);
  await sql`update files f set connection_uuid = s.connection_uuid
    from (select distinct on (data->>'file_uuid') data->>'file_uuid' as file_uuid, data->'source'->>'connection_uuid' as connection_uuid
          from events where type = 'FileSubmitted' and data->'source' is not null
          order by data->>'file_uuid', global_position desc) s
    where f.file_uuid = s.file_uuid and f.connection_type is not null`.execute(db);
  await sql`create index files_connection_idx on files (connection_uuid) where connection_uuid is not null`.execute(db);
  await sql`create table file_withheld_connections (connection_uuid text primary key)`.execute(db);

  await sql`alter table passages add column origin text`.execute(db);
  await sql`update passages p set origin = f.connection_uuid from files f where p.file_uuid = f.file_uuid and f.connection_uuid is not null`.execute(db);
  await sql`update passages set origin = split_part(source, ':', 2) where source like 'connector:%'`.execute(db);
  await sql`create table passage_withheld_origins (origin text primary key)`.execute(db);

  // The connections not connected now: their last connection event a disconnection or a deletion.
  const withheld = sql`select c from (
      select distinct on (data->>'connection_uuid') data->>'connection_uuid' as c, type
      from events where type in ('ConnectionEstablished', 'ConnectionRenewed', 'ConnectionDisconnected', 'ConnectionDeleted')
      order by data->>'connection_uuid', global_position desc) last
    where type in ('ConnectionDisconnected', 'ConnectionDeleted')`;
  await sql`insert into file_withheld_connections (connection_uuid) ${withheld}`.execute(db);
  await sql`insert into passage_withheld_origins (origin) ${withheld}`.execute(db);
}
