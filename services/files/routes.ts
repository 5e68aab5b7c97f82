// File repositories over HTTP (seed 001 §7): thin handlers that find the signed-in user and call
// one use case. Every call needs a signed-in user: visitors have no file features.
import type { Request } from 'express';
import type { AppContext } from '../app/context.js';
import type { Handler, Routes } from '../app/handler.js';
import { HttpProblem } from '../app/problem.js';
import { requireUser } from '../identity/session.js';
import { visibleSpace } from '../spaces/access.js';
import { streamIndexProgress } from './index-progress.js';
import { imageUploadUrl } from './image-uploads.js';
import { deleteFiles, resyncFiles } from './manage-use-cases.js';
import { getOrgFileSettings, setOrgFileSettings } from './org-settings.js';
import { decodeCursor, filePassages, listOffset, listPage, repositorySummary, type FileFilters, type OrderBy } from './queries.js';
import { downloadUrl, readableFile } from './read-access.js';
import { openRepository, type RepositoryInfo } from './repository-access.js';
import { submitFiles, uploadUrls, type IndexItem, type UploadItem } from './upload-use-cases.js';
import { repositoryFile, spaceFile } from './views.js';

type State = 'COMPLETE' | 'PROCESSING' | 'FAILED';
type WithRepo = { file_repository_info: RepositoryInfo };

const view = (ctx: AppContext) => (row: Parameters<typeof repositoryFile>[0]) => repositoryFile(row, (key) => ctx.storage.objectUrl(key));

const getUploadUrls: Handler = async (req, res, ctx) => {
  const body = req.body as WithRepo & { file_upload_params: UploadItem[] };
  res.json(await uploadUrls(ctx, await requireUser(req, ctx), body.file_repository_info, body.file_upload_params));
};

const removeFiles: Handler = async (req, res, ctx) => {
  const body = req.body as WithRepo & { file_uuids: string[] };
  res.json(await deleteFiles(ctx, await requireUser(req, ctx), body.file_repository_info, body.file_uuids));
};

async function submit(req: Request, ctx: AppContext) {
  const body = req.body as WithRepo & { file_index_params: IndexItem[] };
  return submitFiles(ctx, await requireUser(req, ctx), body.file_repository_info, body.file_index_params);
}

const download: Handler = async (req, res, ctx) => {
  const body = req.body as { file_url: string; view_mode?: boolean };
  res.json(await downloadUrl(ctx, await requireUser(req, ctx), body.file_url, body.view_mode ?? false));
};

export const fileRoutes: Routes = {
  getFileUploadUrls: getUploadUrls,
  createFileUploads: getUploadUrls,

  async indexFiles(req, res, ctx) {
    res.status(202).json({ files: (await submit(req, ctx)).map(view(ctx)) });
  },

  async streamIndexFiles(req, res, ctx) {
    const rows = await submit(req, ctx);
    await streamIndexProgress(
      ctx.db,
      res,
      rows.map((r) => ({ file_uuid: r.file_uuid, filename: r.filename })),
    );
  },

  async followIndexFiles(req, res, ctx) {
    const user = await requireUser(req, ctx);
    const uuids = [
      ...new Set(
        String(req.query.file_uuids)
          .split(',')
          .map((s) => s.toLowerCase()),
      ),
    ];
    if (uuids.length > 100) throw new HttpProblem(400, 'too_many_files', 'Follow at most 100 files at a time.');
    const rows = [];
    for (const uuid of uuids) rows.push(await readableFile(ctx, user, uuid));
    await streamIndexProgress(
      ctx.db,
      res,
      rows.map((r) => ({ file_uuid: r.file_uuid, filename: r.filename })),
    );
  },

  async listRepositoryFiles(req, res, ctx) {
    const body = req.body as WithRepo & {
      filters?: FileFilters;
      pagination?: { cursor?: string | null; page_size?: number };
      order_by?: OrderBy;
      order_dir?: 'asc' | 'desc';
    };
    const { repository } = await openRepository(ctx.db, await requireUser(req, ctx), body.file_repository_info);
    const rawCursor = body.pagination?.cursor;
    const cursor = rawCursor ? decodeCursor(rawCursor) : null;
    if (rawCursor && !cursor) throw new HttpProblem(400, 'invalid_cursor', 'This cursor is not one a list gave out.');
    const page = await listPage(ctx.db, repository, {
      filters: body.filters,
      cursor,
      pageSize: body.pagination?.page_size ?? 100,
      orderBy: body.order_by ?? 'updated',
      dir: body.order_dir ?? 'desc',
    });
    res.json({ files: page.files.map(view(ctx)), next_cursor: page.next_cursor });
  },

  async listFiles(req, res, ctx) {
    const body = req.body as WithRepo & { limit?: number; offset?: number; search_term?: string; file_states_in_filter?: State[]; email_in_filter?: string[] };
    const { repository } = await openRepository(ctx.db, await requireUser(req, ctx), body.file_repository_info);
    const page = await listOffset(ctx.db, repository, {
      limit: body.limit ?? 100,
      offset: body.offset ?? 0,
      search: body.search_term,
      states: body.file_states_in_filter,
      emails: body.email_in_filter,
    });
    res.json({ files: page.files.map(view(ctx)), num_total_files: page.num_total_files });
  },

  deleteRepositoryFiles: removeFiles,
  deleteFiles: removeFiles,

  async resyncFiles(req, res, ctx) {
    const body = req.body as WithRepo & { filters?: FileFilters };
    const rows = await resyncFiles(ctx, await requireUser(req, ctx), body.file_repository_info, body.filters);
    res.status(202).json({ files: rows.map(view(ctx)) });
  },

  async getFileRepositorySummary(req, res, ctx) {
    const body = req.body as WithRepo;
    const { repository } = await openRepository(ctx.db, await requireUser(req, ctx), body.file_repository_info);
    res.json(await repositorySummary(ctx.db, repository));
  },

  downloadFile: download,
  downloadAttachment: download,

  async getRepositoryFile(req, res, ctx) {
    const row = await readableFile(ctx, await requireUser(req, ctx), (req.params.file_uuid as string).toLowerCase());
    const page = req.query.page === undefined ? null : Number(req.query.page);
    res.json({ file: view(ctx)(row), page, passages: await filePassages(ctx.db, row.file_uuid, page) });
  },

  async createImageUploadUrl(req, res, ctx) {
    const user = await requireUser(req, ctx);
    res.json(await imageUploadUrl(ctx, user.id, req.body));
  },

  async listCollectionFiles(req, res, ctx) {
    const user = await requireUser(req, ctx);
    const { space } = await visibleSpace(ctx.db, req.params.collection_uuid as string, {
      user_id: user.id,
      email: user.email.toLowerCase(),
      org_uuid: user.org_uuid,
    });
    const repository = { type: 'COLLECTION' as const, owner_id: space.uuid };
    const limit = req.query.limit === undefined ? 50 : Number(req.query.limit);
    const [page, summary] = await Promise.all([
      listPage(ctx.db, repository, { cursor: null, pageSize: limit, orderBy: 'updated', dir: 'desc' }),
      repositorySummary(ctx.db, repository),
    ]);
    res.json({ files: page.files.map((r) => spaceFile(r, (key) => ctx.storage.objectUrl(key))), files_in_repo: summary.total_files });
  },

  async getOrgFileSettings(req, res, ctx) {
    res.json(await getOrgFileSettings(ctx, await requireUser(req, ctx), req.params.org_uuid as string));
  },

  async updateOrgFileSettings(req, res, ctx) {
    const body = req.body as { downloads_disabled: boolean };
    res.json(await setOrgFileSettings(ctx, await requireUser(req, ctx), req.params.org_uuid as string, body.downloads_disabled));
  },
};
