import { type Kysely, sql } from 'kysely';

// A shared thread shows a connector's source only to those who may read it at its source now
// (issue 32): its document's passages are found by url, among the passages that carry a citation
// (a connector's), without reading the whole passages table.
export async function up(db: Kysely<unknown>) {
  await sql`create index passages_connector_url_idx on passages (url) where citation is not null`.execute(db);
}
