import { type Kysely, sql } from 'kysely';

// Permission-aware retrieval (issue 32): a passage from a connector names who may read it at the
// source (`readers`: principal keys such as `user:<id>`, `email:<addr>`, `domain:<d>`,
// `group:<kind>:<connection>:<key>`, `anyone`); null means everyone who may read its corpus. A
// search keeps only the candidates whose readers meet the asker's principals: the candidates
// come from the term index (a few hundred a question), so the check is a filter on rows already
// read, not an index of its own. `citation` is what a source shows of where a passage comes from
// (connection_type, connector_type, authors, published date, the file's url at its source),
// opaque to the index. The groups a connection's sync resolved (a Slack channel's members, a
// GitHub repository's collaborators) as account keys, to give an asker their group principals.
export async function up(db: Kysely<unknown>) {
  await sql`alter table passages add column readers text[], add column citation jsonb`.execute(db);
  // A synced file's connector and where it is at its source (the seed's connection_type and connection_file_url),
  // and who may read it there (the same principal keys as its passages; null: every reader of its repository).
  await sql`alter table files add column connection_type text, add column connection_file_url text, add column readers text[]`.execute(db);
  await sql`create table connector_groups (
    connection_uuid text not null,
    kind text not null,
    key text not null,
    members text[] not null,
    resolved_at timestamptz not null,
    primary key (connection_uuid, kind, key))`.execute(db);
  await sql`create index connector_groups_members_idx on connector_groups using gin (members)`.execute(db);
  // The app documents a connection synced (their streams' read model): what a delta or a
  // disconnect takes out of the index.
  await sql`create table connector_documents (
    connection_uuid text not null,
    remote_id text not null,
    corpus text not null,
    title text not null,
    url text,
    readers text[],
    synced_at timestamptz not null,
    primary key (connection_uuid, remote_id))`.execute(db);
}
