// File repositories over HTTP (seed 001 §7): thin handlers that hand the request's actor to one
// use case. Every call needs a signed-in user: visitors have no file features.
import type { FilesContext } from './context.js';
import type { Actor } from '../shared/actor.js';
import { type DomainRoutes, type HandlerInput, sse } from '../http/handler.js';
import { requireUser } from '../identity/index.js';
import { checkFileUploads } from '../orgs/index.js';
import { passagesOfFile } from '../passages/index.js';
import { principalsOf } from './read-access.js';
import { spaceActor, visibleSpace } from '../spaces/index.js';
import { fileErrors } from './errors.js';
import { streamIndexProgress } from './index-progress.js';
import { imageUploadUrl } from './images/upload-form.js';
import { deleteFiles, resyncFiles } from './manage-use-cases.js';
import { getOrgFileSettings, setOrgFileSettings } from './org-settings.js';
import { decodeCursor, filesByUuid, listOffset, listPage, repositorySummary } from './queries.js';
import { downloadUrl, readableFile } from './read-access.js';
import { openRepository, type RepositoryInfo } from './repository-access.js';
import { submitFiles, uploadUrls, type IndexItem } from './upload-use-cases.js';
import { repositoryFile, spaceFile } from './views.js';

const view = (ctx: FilesContext) => (row: Parameters<typeof repositoryFile>[0]) => repositoryFile(row, (key) => ctx.storage.objectUrl(key));

// Two operations share each of these, so they are typed by what they read, not by one operationId.
const getUploadUrls = async ({ actor, body }: { actor: Actor; body: HandlerInput<'getFileUploadUrls'>['body'] }, ctx: FilesContext) => {
  await checkFileUploads(ctx.db, (await requireUser(actor)).id);
  return { status: 200 as const, body: await uploadUrls(ctx, actor, body.file_repository_info, body.file_upload_params) };
};

const removeFiles = async ({ actor, body }: { actor: Actor; body: HandlerInput<'deleteFiles'>['body'] }, ctx: FilesContext) => ({
  status: 200 as const,
  body: await deleteFiles(ctx, actor, body.file_repository_info, body.file_uuids),
});

async function submit(actor: Actor, ctx: FilesContext, body: { file_repository_info: RepositoryInfo; file_index_params: IndexItem[] }) {
  return submitFiles(ctx, actor, body.file_repository_info, body.file_index_params);
}

const download = async ({ actor, body }: { actor: Actor; body: HandlerInput<'downloadFile'>['body'] }, ctx: FilesContext) => ({
  status: 200 as const,
  body: await downloadUrl(ctx, actor, body.file_url, body.view_mode ?? false),
});

export const fileRoutes = {
  getFileUploadUrls: getUploadUrls,
  createFileUploads: getUploadUrls,

  async indexFiles({ actor, body }, ctx) {
    return { status: 202, body: { files: (await submit(actor, ctx, body)).map(view(ctx)) } };
  },

  async streamIndexFiles({ actor, body }, ctx) {
    const rows = await submit(actor, ctx, body);
    return sse((stream) =>
      streamIndexProgress(
        { read: (uuids) => filesByUuid(ctx.db, uuids), signals: ctx.indexing.signals },
        stream,
        rows.map((r) => ({ file_uuid: r.file_uuid, filename: r.filename })),
      ),
    );
  },

  async followIndexFiles({ actor, query }, ctx) {
    await requireUser(actor);
    const uuids = [
      ...new Set(
        String(query.file_uuids)
          .split(',')
          .map((s) => s.toLowerCase()),
      ),
    ];
    if (uuids.length > 100) throw fileErrors.tooManyFiles();
    const rows: { file_uuid: string; filename: string }[] = [];
    for (const uuid of uuids) rows.push(await readableFile(ctx, actor, uuid));
    return sse((stream) =>
      streamIndexProgress(
        { read: (uuids) => filesByUuid(ctx.db, uuids), signals: ctx.indexing.signals },
        stream,
        rows.map((r) => ({ file_uuid: r.file_uuid, filename: r.filename })),
      ),
    );
  },

  async listRepositoryFiles({ actor, body }, ctx) {
    const { repository } = await openRepository(ctx.db, actor, body.file_repository_info);
    const rawCursor = body.pagination?.cursor;
    const cursor = rawCursor ? decodeCursor(rawCursor) : null;
    if (rawCursor && !cursor) throw fileErrors.invalidCursor();
    const page = await listPage(ctx.db, repository, {
      principals: await principalsOf(ctx, actor),
      filters: body.filters,
      cursor,
      pageSize: body.pagination?.page_size ?? 100,
      orderBy: body.order_by ?? 'updated',
      dir: body.order_dir ?? 'desc',
    });
    return { status: 200, body: { files: page.files.map(view(ctx)), next_cursor: page.next_cursor } };
  },

  async listFiles({ actor, body }, ctx) {
    const { repository } = await openRepository(ctx.db, actor, body.file_repository_info);
    const page = await listOffset(ctx.db, repository, {
      principals: await principalsOf(ctx, actor),
      limit: body.limit ?? 100,
      offset: body.offset ?? 0,
      search: body.search_term,
      states: body.file_states_in_filter,
      emails: body.email_in_filter,
    });
    return { status: 200, body: { files: page.files.map(view(ctx)), num_total_files: page.num_total_files } };
  },

  deleteRepositoryFiles: removeFiles,
  deleteFiles: removeFiles,

  async resyncFiles({ actor, body }, ctx) {
    const rows = await resyncFiles(ctx, actor, body.file_repository_info, body.filters);
    return { status: 202, body: { files: rows.map(view(ctx)) } };
  },

  async getFileRepositorySummary({ actor, body }, ctx) {
    const { repository } = await openRepository(ctx.db, actor, body.file_repository_info);
    return { status: 200, body: await repositorySummary(ctx.db, repository, await principalsOf(ctx, actor)) };
  },

  downloadFile: download,
  downloadAttachment: download,

  async getRepositoryFile({ actor, path, query }, ctx) {
    const row = await readableFile(ctx, actor, path.file_uuid.toLowerCase());
    const page = query.page === undefined ? null : Number(query.page);
    return { status: 200, body: { file: view(ctx)(row), page, passages: await passagesOfFile(ctx.db, row.file_uuid, page) } };
  },

  async createImageUploadUrl({ actor, body }, ctx) {
    const user = await requireUser(actor);
    return { status: 200, body: await imageUploadUrl(ctx, user.id, body) };
  },

  async listCollectionFiles({ actor, path, query }, ctx) {
    const user = await requireUser(actor);
    const { space } = await visibleSpace(ctx.db, path.collection_uuid, spaceActor(user));
    const repository = { type: 'COLLECTION' as const, owner_id: space.uuid };
    const limit = query.limit === undefined ? 50 : Number(query.limit);
    const principals = await ctx.readerPrincipals(user.id);
    const [page, summary] = await Promise.all([
      listPage(ctx.db, repository, { cursor: null, pageSize: limit, orderBy: 'updated', dir: 'desc', principals }),
      repositorySummary(ctx.db, repository, principals),
    ]);
    return { status: 200, body: { files: page.files.map((r) => spaceFile(r, (key) => ctx.storage.objectUrl(key))), files_in_repo: summary.total_files } };
  },

  async getOrgFileSettings({ actor, path }, ctx) {
    return { status: 200, body: await getOrgFileSettings(ctx, actor, path.org_uuid) };
  },

  async updateOrgFileSettings({ actor, body, path }, ctx) {
    return { status: 200, body: await setOrgFileSettings(ctx, actor, path.org_uuid, body.downloads_disabled) };
  },
} satisfies DomainRoutes<FilesContext>;
