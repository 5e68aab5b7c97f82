// Read-model queries of file repositories: both list forms, the summary, counts for the plan
// limits, and lookups by uuid or stored object.
import { sql, type ExpressionBuilder, type Selectable, type SelectQueryBuilder } from 'kysely';
import type { Db } from '../db/database.js';
import type { FilesTable, FilesTables } from './tables.js';
import type { Repository } from './events.js';
import { sealedKeyFor } from './stored-object.js';
import { own } from './tables.js';

export type FileRow = Selectable<FilesTable>;
type Q = SelectQueryBuilder<FilesTables, 'files', FileRow>;
type State = FileRow['file_state'];

export type FileFilters = {
  uuids?: string[];
  ids?: string[];
  upload_ids?: string[];
  connection_ids?: string[];
  connection_types?: string[];
  file_types?: string[];
  parent_uuids?: string[];
  remote_file_ids?: string[];
  root_files_only?: boolean;
  status?: State[];
  search_keyword?: string;
};

/**
 * The repository's files; with `principals`, only those the person may read at their source (a
 * synced file with readers names one of them), so lists, searches and counts never show the others.
 */
const inRepository = (db: Db, repo: Repository, principals: Principals = null) => {
  const q = own(db).selectFrom('files').selectAll().where('repo_type', '=', repo.type).where('repo_owner', '=', repo.owner_id) as Q;
  return principals ? q.where(readableBy(principals)).where(notWithheld) : q;
};

/** A synced file whose connection was disconnected or deleted is on its way out (its removal deletes it): nobody's to see. */
export const notWithheld = (eb: ExpressionBuilder<FilesTables, 'files'>) =>
  eb.or([eb('connection_uuid', 'is', null), eb('connection_uuid', 'not in', eb.selectFrom('file_withheld_connections').select('connection_uuid'))]);

/** Whether a file is withheld with its connection (read-access.ts: nobody opens or downloads it). */
export async function isWithheld(db: Db, row: Pick<FileRow, 'connection_uuid'>) {
  if (!row.connection_uuid) return false;
  return !!(await own(db)
    .selectFrom('file_withheld_connections')
    .select('connection_uuid')
    .where('connection_uuid', '=', row.connection_uuid)
    .executeTakeFirst());
}

/** A reader's principal keys (connectors' readerPrincipals); null where no person's view is asked (a name check). */
export type Principals = readonly string[] | null;
const readableBy = (principals: readonly string[]) => sql<boolean>`(readers is null or readers && ${[...principals]}::text[])`;

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const nameMatches = (text: string) => (eb: ExpressionBuilder<FilesTables, 'files'>) =>
  eb.or([eb('filename', 'ilike', likePattern(text)), eb('file_title', 'ilike', likePattern(text))]);

/** The seed's connector filter over uploaded files: they have no connection, parent or remote id, and their connection type is `local`. */
export function applyFilters(q: Q, f: FileFilters = {}): Q {
  if (f.connection_ids?.length || f.parent_uuids?.length || f.remote_file_ids?.length) return q.where(sql<boolean>`false`);
  if (f.connection_types?.length && !f.connection_types.includes('local')) return q.where(sql<boolean>`false`);
  for (const ids of [f.uuids, f.ids, f.upload_ids]) if (ids?.length) q = q.where('file_uuid', 'in', ids);
  if (f.file_types?.length)
    q = q.where(
      'file_type',
      'in',
      f.file_types.map((t) => t.toLowerCase().replace(/^\./, '')),
    );
  if (f.status?.length) q = q.where('file_state', 'in', f.status);
  const keyword = f.search_keyword?.trim();
  if (keyword) q = q.where(nameMatches(keyword));
  return q;
}

export type OrderBy = 'updated' | 'created' | 'name' | 'size';
const ORDER_COLUMN = { updated: 'updated_at', created: 'created_at', name: 'filename', size: 'file_size' } as const;

type Cursor = { v: string; id: string };
const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString('base64url');
export function decodeCursor(text: string): Cursor | null {
  try {
    const c = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    return typeof c?.v === 'string' && typeof c?.id === 'string' ? c : null;
  } catch {
    return null;
  }
}

/** One page by (order column, uuid), keyset-paged so a page costs the same at any depth. */
export async function listPage(
  db: Db,
  repo: Repository,
  opts: { filters?: FileFilters; cursor: Cursor | null; pageSize: number; orderBy: OrderBy; dir: 'asc' | 'desc'; principals: Principals },
) {
  const column = ORDER_COLUMN[opts.orderBy];
  const cmp = opts.dir === 'desc' ? '<' : '>';
  let q = applyFilters(inRepository(db, repo, opts.principals), opts.filters);
  if (opts.cursor) {
    const value = column === 'file_size' ? sql`${opts.cursor.v}::bigint` : column === 'filename' ? sql`${opts.cursor.v}` : sql`${opts.cursor.v}::timestamptz`;
    q = q.where(sql<boolean>`(${sql.ref(column)}, file_uuid) ${sql.raw(cmp)} (${value}, ${opts.cursor.id})`);
  }
  const rows = await q
    .orderBy(column, opts.dir)
    .orderBy('file_uuid', opts.dir)
    .limit(opts.pageSize + 1)
    .execute();
  const page = rows.slice(0, opts.pageSize);
  const last = page[page.length - 1];
  const value = (r: FileRow) => (column === 'updated_at' || column === 'created_at' ? new Date(r[column]).toISOString() : String(r[column]));
  return { files: page, next_cursor: rows.length > opts.pageSize && last ? encodeCursor({ v: value(last), id: last.file_uuid }) : null };
}

/**
 * The offset form: newest change first, with the total of the filtered files. One statement: the
 * page is found on the files' order columns alone, counted with a window over the same scan, and
 * only its rows are read whole. Sorting whole rows to skip 9,900 of them took 17-32 ms (a parallel
 * worker, and a sort spilled to disk past work_mem) against 9 ms (EXPLAIN ANALYZE, 10,000 files).
 * A page past the end has no row to carry the total, so the total alone is asked then.
 */
export async function listOffset(
  db: Db,
  repo: Repository,
  opts: { limit: number; offset: number; search?: string; states?: State[]; emails?: string[]; principals: Principals },
) {
  const filtered = (q: Q): Q => {
    if (opts.search?.trim()) q = q.where(nameMatches(opts.search.trim()));
    if (opts.states?.length) q = q.where('file_state', 'in', opts.states);
    if (opts.emails?.length)
      q = q.where(
        'uploader_email',
        'in',
        opts.emails.map((e) => e.trim().toLowerCase()),
      );
    return q;
  };
  const total = filtered(inRepository(db, repo, opts.principals))
    .clearSelect()
    .select((eb) => eb.fn.countAll<string>().as('n'));
  const page = filtered(inRepository(db, repo, opts.principals))
    .clearSelect()
    .select(['file_uuid', 'updated_at', sql<string>`count(*) over ()`.as('total')])
    .orderBy('updated_at', 'desc')
    .orderBy('file_uuid', 'desc')
    .limit(opts.limit)
    .offset(opts.offset);
  const rows = await own(db)
    .with('page', () => page)
    .selectFrom('page')
    .innerJoin('files', 'files.file_uuid', 'page.file_uuid')
    .selectAll('files')
    .select('page.total as num_total_files')
    .orderBy('page.updated_at', 'desc')
    .orderBy('page.file_uuid', 'desc')
    .execute();
  if (!rows.length) return { files: [], num_total_files: opts.offset === 0 ? 0 : Number((await total.executeTakeFirstOrThrow()).n) };
  const files: FileRow[] = rows.map(({ num_total_files: _, ...file }) => file);
  return { files, num_total_files: Number(rows[0].num_total_files) };
}

export async function repositorySummary(db: Db, repo: Repository, principals: Principals) {
  let q = own(db).selectFrom('files');
  if (principals) q = q.where(readableBy(principals)).where(notWithheld);
  const row = await q
    .select([
      sql<string>`count(*)`.as('total'),
      sql<string>`count(*) filter (where file_state = 'PROCESSING')`.as('pending'),
      sql<string>`count(*) filter (where file_state = 'FAILED')`.as('errors'),
    ])
    .where('repo_type', '=', repo.type)
    .where('repo_owner', '=', repo.owner_id)
    .executeTakeFirstOrThrow();
  // Every file so far is an upload; connector files will be counted apart.
  return { total_files: Number(row.total), pending_files: Number(row.pending), error_files: Number(row.errors), total_uploads: Number(row.total) };
}

/**
 * For the plan limits: files in the repository, and the user's own files across My Files and
 * Spaces, each with the upload forms still pending that would add a file (until they expire).
 * `submitting` leaves out the pending uploads of files being submitted now, counted as files.
 * With `principals` (a person uploading), the repository's files are those they may read: a
 * synced file hidden from them neither counts toward the limit they are told of nor lets the
 * room left measure how many such files there are (issue 32). A sync counts them all (null).
 */
export async function fileCounts(db: Db, repo: Repository, userId: string, now: Date, submitting: string[] = [], principals: Principals = null) {
  const pending = (eb: ExpressionBuilder<FilesTables, 'file_uploads'>) =>
    eb.and([
      eb('counts_as_new', '=', true),
      eb('expires_at', '>', now),
      eb.not(eb.exists(eb.selectFrom('files as f').select('f.file_uuid').whereRef('f.file_uuid', '=', 'file_uploads.file_uuid'))),
      ...(submitting.length ? [eb('file_uuid', 'not in', submitting)] : []),
    ]);
  const [inRepo, byUser, pendingInRepo, pendingByUser] = await Promise.all([
    inRepository(db, repo, principals).clearSelect().select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
    own(db)
      .selectFrom('files')
      .select(sql<string>`count(*)`.as('n'))
      .where('uploaded_by_user_id', '=', userId)
      .where('repo_type', 'in', ['USER', 'COLLECTION'])
      .executeTakeFirstOrThrow(),
    own(db)
      .selectFrom('file_uploads')
      .select(sql<string>`count(distinct file_uuid)`.as('n'))
      .where('repo_type', '=', repo.type)
      .where('repo_owner', '=', repo.owner_id)
      .where(pending)
      .executeTakeFirstOrThrow(),
    own(db)
      .selectFrom('file_uploads')
      .select(sql<string>`count(distinct file_uuid)`.as('n'))
      .where('uploaded_by_user_id', '=', userId)
      .where('repo_type', 'in', ['USER', 'COLLECTION'])
      .where(pending)
      .executeTakeFirstOrThrow(),
  ]);
  return { in_repository: Number(inRepo.n) + Number(pendingInRepo.n), by_user: Number(byUser.n) + Number(pendingByUser.n) };
}

export const findFile = (db: Db, fileUuid: string) => (own(db).selectFrom('files').selectAll().where('file_uuid', '=', fileUuid) as Q).executeTakeFirst();
/** The file stored at `key`: its sealed copy's key, or the upload's key it was sealed from (what the upload form named). */
export const findFileByKey = (db: Db, key: string) =>
  (
    own(db)
      .selectFrom('files')
      .selectAll()
      .where('object_key', 'in', [key, sealedKeyFor(key)]) as Q
  ).executeTakeFirst();
export const filesByUuid = (db: Db, uuids: string[]) =>
  uuids.length ? (own(db).selectFrom('files').selectAll().where('file_uuid', 'in', uuids) as Q).execute() : Promise.resolve([]);

/**
 * Uploaded files of the repository with these names, to tell a new upload from a replacement. A
 * synced file is its connection's and is never replaced by an upload: matched by name, it would
 * also tell the uploader that a file they may not read is there (issue 32).
 */
export const filesNamed = (db: Db, repo: Repository, names: string[]) =>
  names.length ? (inRepository(db, repo).where('filename', 'in', names).where('connection_type', 'is', null) as Q).execute() : Promise.resolve([] as FileRow[]);

/** The repository a file is in and who may read it at its source (an organisation's insights count the files indexed into it), or undefined. */
export const fileRepositoryOf = (db: Db, fileUuid: string) =>
  own(db).selectFrom('files').select(['repo_type', 'repo_owner', 'readers']).where('file_uuid', '=', fileUuid).executeTakeFirst();

export const orgDownloadsDisabled = async (db: Db, orgUuid: string) =>
  (await own(db).selectFrom('org_file_settings').select('downloads_disabled').where('org_uuid', '=', orgUuid).executeTakeFirst())?.downloads_disabled ?? false;
