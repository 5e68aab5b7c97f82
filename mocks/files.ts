// Stateful file repositories for the mock scenarios, by the rules spec/paths/files.yaml documents:
// USER (My Files), ORG (Enterprise members) and COLLECTION (a Space: editors change, readers read).
// Upload: upload addresses → multipart POST to the mock bucket → indexing, which moves a file from
// PROCESSING to COMPLETE after a short delay (a name containing 'broken' FAILS with 'Indexing
// failed'). File rows live in the scenario state; the uploaded bytes only in memory.
import { http, HttpResponse, type RequestHandler } from 'msw';
import * as gen from '../generated/msw/files/files.msw';
import type {
  FileDeleteRequest,
  FileDownloadRequest,
  FileFilter,
  FileIndexRequest,
  FileListRequest,
  FileOffsetListRequest,
  FileRepositoryInfo,
  FileResyncRequest,
  FileSummaryRequest,
  FileUploadUrlsRequest,
  FileUrlParams,
  FileView,
  OrgFileSettings,
  RepositoryFile,
  SessionUser,
  SpaceFile,
} from '../generated/react-query/model';
import { canEditSources } from '../services/spaces/pure';
import {
  contentTypeOf,
  DEFAULT_FILE_MAX_BYTES,
  fileTypeOf,
  fitWithinLimits,
  isAttachmentType,
  LIMIT_MESSAGES,
  TOO_LARGE,
  UNSUPPORTED_TYPE,
} from '../services/files/pure';
import { planOf, type PlanFileLimits } from '../services/shared/plans';
import { problem } from './problem';
import type { SpaceStore } from './spaces';

export type MockFile = RepositoryFile;
/** An Enterprise organisation: who may change its file settings, and those settings. */
export type MockOrg = { uuid: string; name: string; admins: string[] } & OrgFileSettings;

/** Small limits, so the limit messages show after a few uploads in `make dev-mocks`. */
export const MOCK_FILE_LIMITS: PlanFileLimits = {
  free: { per_repository: 10, per_user: 15 },
  pro: { per_repository: 20, per_user: 30 },
  max: { per_repository: 22, per_user: 35 },
  enterprise: { per_repository: 25, per_user: 40 },
};
export const MOCK_BUCKET_PATH = '/storage/mock-bucket';
export const INDEXING_FAILED = 'Indexing failed';
const PAGE_SIZE = 100;
const RESYNC_MAX = 1000;

type Options = {
  files: () => MockFile[];
  orgs: () => MockOrg[];
  user: () => SessionUser | null;
  spaces: SpaceStore;
  changed: () => void;
  /** How long indexing takes; tests use a few ms. */
  indexDelayMs: number;
};

type Repo = { type: FileRepositoryInfo['file_repository_type']; owner: string };
type IssuedForm = { repo: Repo; file_uuid: string; filename: string; file_size: number; content_type: string; object_url: string };

const DENIED = {
  downloads_disabled: 'Downloads are disabled for files in this organization.',
  pdf_untrusted_origin: 'PDF downloads are restricted',
  different_organization: 'This file belongs to a different organization',
} as const;

/** The server's checks of one file (services/files/upload-use-cases.ts checkFile), in its order. */
function checkFile(filename: string, size: number) {
  const type = fileTypeOf(filename);
  if (!type) throw problem(400, 'unsupported_file_type', UNSUPPORTED_TYPE(filename));
  if (size > DEFAULT_FILE_MAX_BYTES) throw problem(400, 'file_too_large', TOO_LARGE(filename, DEFAULT_FILE_MAX_BYTES));
  if (size === 0) throw problem(400, 'empty_file', `${filename} is empty.`);
  return type;
}

const sse = (data: object) => `event: message\ndata: ${JSON.stringify(data)}\n\n`;

export function fileHandlers(opts: Options) {
  const forms = new Map<string, IssuedForm>();
  const objects = new Map<string, Blob>();
  const listeners = new Set<() => void>();
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const notify = () => {
    for (const l of listeners) l();
  };

  const signedIn = () => {
    const user = opts.user();
    // The server's requireUser (services/identity/session.ts).
    if (!user) throw problem(401, 'unauthenticated', 'Sign in to continue.');
    return user;
  };
  const notFound = () => problem(404, 'repository_not_found', 'No such file repository.');

  /** The repository the caller names, with its owner filled in, if they may read it (services/files/repository-access.ts openRepository). */
  const open = (info: FileRepositoryInfo): { repo: Repo; canChange: boolean } => {
    const user = signedIn();
    const owner = info.owner_id?.trim() || null;
    if (info.file_repository_type === 'USER') {
      if (owner && owner !== user.id) throw notFound();
      return { repo: { type: 'USER', owner: user.id }, canChange: true };
    }
    if (info.file_repository_type === 'ORG') {
      if (!user.org_uuid) throw problem(403, 'enterprise_only', 'Organisation files are for members of an Enterprise organisation.');
      if (owner && owner !== user.org_uuid) throw notFound();
      return { repo: { type: 'ORG', owner: user.org_uuid }, canChange: true };
    }
    // The default Bookmarks collection has no owner: nothing to read, nothing to change.
    if (!owner) throw notFound();
    const space = opts.spaces.find(owner);
    if (!space || !opts.spaces.readable(space)) throw problem(404, 'collection_not_found', 'No such Space.');
    return { repo: { type: 'COLLECTION', owner: space.uuid }, canChange: canEditSources(opts.spaces.levelOf(space)) };
  };
  const readable = (info: FileRepositoryInfo): Repo => open(info).repo;
  /** The repository the caller may change (upload, delete, resync); `refused` is the 403 (requireChange). */
  const writable = (info: FileRepositoryInfo, refused: () => Response): Repo => {
    const { repo, canChange } = open(info);
    if (!canChange) throw refused();
    return repo;
  };
  const uploadRefused = () => problem(403, 'upload_not_allowed', 'Unable to upload files.');
  const deleteRefused = () => problem(403, 'delete_not_allowed', 'Unable to delete files.');

  const inRepo = (repo: Repo) =>
    opts.files().filter((f) => f.file_repository_info.file_repository_type === repo.type && f.file_repository_info.owner_id === repo.owner);
  const newestFirst = (files: MockFile[]) =>
    [...files].sort((a, b) => b.updated_at.localeCompare(a.updated_at) || b.time_created.localeCompare(a.time_created));

  /** Who may read a file: what the download and the file view check. */
  const mayRead = (f: MockFile) => {
    try {
      readable({ file_repository_type: f.file_repository_info.file_repository_type, owner_id: f.file_repository_info.owner_id });
      return true;
    } catch {
      return false;
    }
  };

  /** The indexing "workflow": PROCESSING now, COMPLETE or FAILED after the delay. */
  const startIndexing = (f: MockFile) => {
    clearTimeout(timers.get(f.file_uuid));
    const finish = () => {
      timers.delete(f.file_uuid);
      const file = opts.files().find((x) => x.file_uuid === f.file_uuid);
      if (file?.file_state !== 'PROCESSING') return;
      const broken = file.filename.toLowerCase().includes('broken');
      file.file_state = broken ? 'FAILED' : 'COMPLETE';
      file.error = broken ? INDEXING_FAILED : null;
      file.file_description = broken ? '' : `The first words of ${file.filename}.`;
      file.page_count = broken || !['pdf', 'pptx', 'xlsx'].includes(file.file_type) ? null : 3;
      file.updated_at = new Date().toISOString();
      opts.changed();
      notify();
    };
    timers.set(f.file_uuid, setTimeout(finish, opts.indexDelayMs));
  };
  const toProcessing = (f: MockFile) => {
    f.file_state = 'PROCESSING';
    f.error = null;
    f.updated_at = new Date().toISOString();
    startIndexing(f);
  };

  /** How many new files fit the caller's plan in this repository. */
  const roomFor = (repo: Repo, user: SessionUser, wanted: number) => {
    const byUser = opts.files().filter((f) => f.uploaded_by === user.email && f.file_repository_info.file_repository_type !== 'ORG').length;
    return fitWithinLimits(
      MOCK_FILE_LIMITS[planOf(user)],
      { in_repository: inRepo(repo).length, by_user: byUser, counts_for_user: repo.type !== 'ORG' },
      wanted,
    );
  };

  const uploadUrls = async ({ request }: { request: Request }) => {
    const body = (await request.json()) as FileUploadUrlsRequest;
    const user = signedIn();
    const repo = writable(body.file_repository_info, uploadRefused);
    for (const p of body.file_upload_params) checkFile(p.filename, p.file_size);
    const existing = new Map(inRepo(repo).map((f) => [f.filename, f]));
    const fresh = body.file_upload_params.filter((p) => !existing.has(p.filename)).length;
    const { fits, reached } = roomFor(repo, user, fresh);
    const bucket = new URL(MOCK_BUCKET_PATH, request.url).href;
    let room = fits;
    const file_url_params: FileUrlParams[] = [];
    for (const p of body.file_upload_params) {
      const old = existing.get(p.filename);
      if (!old && room-- <= 0) break;
      const file_uuid = old?.file_uuid ?? crypto.randomUUID();
      const key = `${repo.type.toLowerCase()}/${repo.owner}/${file_uuid}/${encodeURIComponent(p.filename)}`;
      const object_url = `${bucket}/${key}`;
      forms.set(key, { repo, file_uuid, filename: p.filename, file_size: p.file_size, content_type: contentTypeOf(fileTypeOf(p.filename)!), object_url });
      file_url_params.push({
        s3_bucket_url: bucket,
        fields: { key, 'Content-Type': contentTypeOf(fileTypeOf(p.filename)!), policy: 'mock-policy', 'x-amz-signature': 'mock-signature' },
        s3_object_url: object_url,
        file_uuid,
        replaces_existing: !!old,
      });
    }
    const limit = reached && MOCK_FILE_LIMITS[planOf(user)][reached === 'FILE_REPOSITORY_LIMIT_EXCEEDED' ? 'per_repository' : 'per_user'];
    return { limits_reached: reached ? [{ code: reached, limit: limit as number, message: LIMIT_MESSAGES[reached](limit as number) }] : [], file_url_params };
  };

  /** indexFiles: checks every item first (all or nothing), then moves them to PROCESSING. */
  const index = (body: FileIndexRequest) => {
    const user = signedIn();
    const repo = writable(body.file_repository_info, uploadRefused);
    const current = inRepo(repo);
    const fresh = body.file_index_params.filter((p) => !current.some((f) => f.file_uuid === p.file_uuid)).length;
    for (const p of body.file_index_params) {
      const form = [...forms.values()].find((x) => x.file_uuid === p.file_uuid && x.repo.type === repo.type && x.repo.owner === repo.owner);
      const stored = form && objects.get(form.object_url);
      if (!form || form.object_url !== p.file_s3_url || !stored || stored.size !== p.file_size)
        throw problem(400, 'file_not_uploaded', `${p.filename} is not in storage yet. Upload it first.`);
      if (current.some((f) => f.file_uuid === p.file_uuid) && !p.replace_existing)
        throw problem(409, 'file_exists', `${p.filename} is already in this repository.`);
    }
    const { reached } = roomFor(repo, user, fresh);
    if (reached) {
      const limit = MOCK_FILE_LIMITS[planOf(user)][reached === 'FILE_REPOSITORY_LIMIT_EXCEEDED' ? 'per_repository' : 'per_user'];
      throw problem(422, reached, LIMIT_MESSAGES[reached](limit));
    }
    const now = new Date().toISOString();
    const files = body.file_index_params.map((p) => {
      const type = fileTypeOf(p.filename)!;
      let file = current.find((f) => f.file_uuid === p.file_uuid);
      if (!file) {
        file = {
          file_uuid: p.file_uuid,
          filename: p.filename,
          file_s3_url: p.file_s3_url,
          file_title: p.filename,
          file_description: '',
          uploaded_by: user.email,
          file_state: 'PROCESSING',
          file_size: p.file_size,
          content_type: contentTypeOf(type),
          file_type: type,
          is_attachment: isAttachmentType(type),
          page_count: null,
          time_created: now,
          updated_at: now,
          error: null,
          file_repository_info: { file_repository_type: repo.type, owner_id: repo.owner },
        };
        opts.files().push(file);
      }
      Object.assign(file, { file_s3_url: p.file_s3_url, file_size: p.file_size });
      toProcessing(file);
      return file;
    });
    opts.changed();
    notify();
    return files;
  };

  /** SSE of index progress: processing for each file, then success or failure; ends when all are done. */
  const progressStream = (uuids: string[]) => {
    const encoder = new TextEncoder();
    let off = () => {};
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        const told = new Map<string, string>();
        const flush = () => {
          for (const uuid of uuids) {
            const f = opts.files().find((x) => x.file_uuid === uuid);
            const status = !f ? 'failure' : f.file_state === 'PROCESSING' ? 'processing' : f.file_state === 'COMPLETE' ? 'success' : 'failure';
            if (told.get(uuid) === status) continue;
            told.set(uuid, status);
            const event = {
              file_uuid: uuid,
              filename: f?.filename ?? '',
              status,
              ...(status === 'failure'
                ? { error: INDEXING_FAILED, detail: f?.error === INDEXING_FAILED ? 'The mock cannot read files named "broken".' : 'The file was deleted.' }
                : {}),
            };
            controller.enqueue(encoder.encode(sse(event)));
          }
          if ([...told.values()].every((s) => s !== 'processing') && told.size === uuids.length) {
            off();
            controller.close();
          }
        };
        listeners.add(flush);
        off = () => listeners.delete(flush);
        flush();
      },
      cancel: () => off(),
    });
    return new HttpResponse(body, { headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' } });
  };

  const matches = (f: MockFile, filters: FileFilter = {}) => {
    const ids = [...(filters.uuids ?? []), ...(filters.ids ?? []), ...(filters.upload_ids ?? [])];
    if (ids.length && !ids.includes(f.file_uuid)) return false;
    if (filters.connection_ids?.length || filters.parent_uuids?.length || filters.remote_file_ids?.length) return false;
    if (filters.connection_types?.length && !filters.connection_types.includes('local')) return false;
    if (filters.file_types?.length && !filters.file_types.includes(f.file_type)) return false;
    if (filters.status?.length && !filters.status.includes(f.file_state)) return false;
    const q = filters.search_keyword?.trim().toLowerCase();
    return !q || f.filename.toLowerCase().includes(q) || f.file_title.toLowerCase().includes(q);
  };

  const ORDER: Record<string, (a: MockFile, b: MockFile) => number> = {
    updated: (a, b) => a.updated_at.localeCompare(b.updated_at),
    created: (a, b) => a.time_created.localeCompare(b.time_created),
    name: (a, b) => a.filename.localeCompare(b.filename),
    size: (a, b) => a.file_size - b.file_size,
  };

  const findFile = (uuid: string) => {
    const f = opts.files().find((x) => x.file_uuid === uuid);
    if (!f || !mayRead(f)) throw problem(404, 'file_not_found', 'No such file.');
    return f;
  };

  /** The address a download opens: the uploaded bytes, or a text stand-in for seeded files. */
  const downloadUrl = (f: MockFile) => {
    const blob = objects.get(f.file_s3_url) ?? new Blob([`${f.filename}\n\nThe mock keeps no bytes for this file.`], { type: 'text/plain' });
    return URL.createObjectURL(blob);
  };

  const download = async ({ request }: { request: Request }) => {
    const user = signedIn();
    const { file_url } = (await request.json()) as FileDownloadRequest;
    const ours = new URL(file_url, request.url).href.startsWith(new URL(MOCK_BUCKET_PATH, request.url).href);
    if (!ours && /\.pdf($|\?)/i.test(file_url)) throw problem(403, 'pdf_untrusted_origin', DENIED.pdf_untrusted_origin);
    const f = opts.files().find((x) => x.file_s3_url === file_url);
    if (f?.file_repository_info.file_repository_type === 'ORG') {
      if (f.file_repository_info.owner_id !== user.org_uuid) throw problem(403, 'different_organization', DENIED.different_organization);
      if (opts.orgs().find((o) => o.uuid === user.org_uuid)?.downloads_disabled) throw problem(403, 'downloads_disabled', DENIED.downloads_disabled);
    }
    if (!f || !mayRead(f)) throw problem(404, 'file_not_found', 'No such file.');
    return { file_url: downloadUrl(f), expires_at: new Date(Date.now() + 5 * 60_000).toISOString() };
  };

  /** Passages of a page: the uploaded text cut in paragraphs, or one stand-in passage a page. */
  const passagesOf = async (f: MockFile, page: number | null) => {
    const stored = objects.get(f.file_s3_url);
    if (stored && ['txt', 'md', 'csv', 'json'].includes(f.file_type)) {
      const paragraphs = (await stored.text())
        .split(/\n\s*\n/)
        .map((p) => p.trim())
        .filter(Boolean);
      return paragraphs.slice(0, 5).map((content, i) => ({ id: `${f.file_uuid}-${i}`, heading: f.file_title, content, page: null }));
    }
    const p = page ?? 1;
    if (f.page_count && p > f.page_count) return [];
    return [
      {
        id: `${f.file_uuid}-p${p}`,
        heading: `${f.file_title}, page ${p}`,
        content: `The passage of ${f.filename} on page ${p}, as the mock indexes it.`,
        page: f.page_count ? p : null,
      },
    ];
  };

  const spaceStatus = (s: MockFile['file_state']): SpaceFile['status'] => (s === 'COMPLETE' ? 'READY' : s === 'PROCESSING' ? 'SYNCING' : 'SYNC_ERROR');

  const orgFor = (orgUuid: string) => {
    const user = signedIn();
    const org = opts.orgs().find((o) => o.uuid === orgUuid);
    if (!org || user.org_uuid !== org.uuid) throw problem(404, 'organization_not_found', 'No such organisation.');
    return { user, org };
  };

  const remove = async ({ request }: { request: Request }) => {
    const body = (await request.json()) as FileDeleteRequest;
    const repo = writable(body.file_repository_info, deleteRefused);
    const files = inRepo(repo);
    const missing = body.file_uuids.find((id) => !files.some((f) => f.file_uuid === id));
    if (missing) throw problem(404, 'file_not_found', 'A file is not in this repository; nothing was deleted.');
    for (const id of body.file_uuids) {
      const i = opts.files().findIndex((f) => f.file_uuid === id);
      const [gone] = opts.files().splice(i, 1);
      clearTimeout(timers.get(id));
      if (gone) objects.delete(gone.file_s3_url);
    }
    opts.changed();
    notify();
    return { deleted_file_uuids: body.file_uuids };
  };

  const handlers: RequestHandler[] = [
    gen.getGetFileUploadUrlsMockHandler(uploadUrls),
    gen.getCreateFileUploadsMockHandler(uploadUrls),

    // The mock bucket takes S3's browser-upload form: the issued fields, then the file.
    http.post(`*${MOCK_BUCKET_PATH}`, async ({ request }) => {
      const form = await request.formData();
      const key = String(form.get('key') ?? '');
      const issued = forms.get(key);
      const file = form.get('file');
      if (!issued || form.get('policy') !== 'mock-policy')
        return new HttpResponse('<Error><Code>AccessDenied</Code></Error>', { status: 403, headers: { 'content-type': 'application/xml' } });
      if (!(file instanceof Blob))
        return new HttpResponse('<Error><Code>InvalidArgument</Code></Error>', { status: 400, headers: { 'content-type': 'application/xml' } });
      if (file.size > DEFAULT_FILE_MAX_BYTES)
        return new HttpResponse('<Error><Code>EntityTooLarge</Code></Error>', { status: 400, headers: { 'content-type': 'application/xml' } });
      objects.set(issued.object_url, file);
      return HttpResponse.json({ key, secure_url: issued.object_url }, { status: 201 });
    }),

    gen.getIndexFilesMockHandler(async ({ request }) => ({ files: index((await request.json()) as FileIndexRequest) })),

    http.post('*/rest/sse/index_files', async ({ request }) => {
      const files = index((await request.json()) as FileIndexRequest);
      return progressStream(files.map((f) => f.file_uuid));
    }),
    http.get('*/rest/sse/index_files', ({ request }) => {
      signedIn();
      const raw = new URL(request.url).searchParams.get('file_uuids') ?? '';
      const uuids = raw.split(',').filter(Boolean);
      if (!uuids.length || uuids.length > 100) throw problem(400, 'invalid_file_uuids', 'Give 1 to 100 file uuids.');
      for (const id of uuids) findFile(id);
      return progressStream(uuids);
    }),

    gen.getListRepositoryFilesMockHandler(async ({ request }) => {
      const body = (await request.json()) as FileListRequest;
      const repo = readable(body.file_repository_info);
      const order = ORDER[body.order_by ?? 'updated']!;
      const dir = body.order_dir === 'asc' ? 1 : -1;
      const all = inRepo(repo)
        .filter((f) => matches(f, body.filters))
        .sort((a, b) => dir * order(a, b));
      const offset = Number(body.pagination?.cursor ?? 0) || 0;
      const size = body.pagination?.page_size ?? PAGE_SIZE;
      return { files: all.slice(offset, offset + size), next_cursor: offset + size < all.length ? String(offset + size) : null };
    }),

    gen.getListFilesMockHandler(async ({ request }) => {
      const body = (await request.json()) as FileOffsetListRequest;
      const repo = readable(body.file_repository_info);
      const emails = body.email_in_filter?.map((e) => e.toLowerCase());
      const all = newestFirst(inRepo(repo)).filter(
        (f) =>
          matches(f, { status: body.file_states_in_filter, search_keyword: body.search_term }) &&
          (!emails?.length || emails.includes(f.uploaded_by.toLowerCase())),
      );
      const offset = body.offset ?? 0;
      return { files: all.slice(offset, offset + (body.limit ?? PAGE_SIZE)), num_total_files: all.length };
    }),

    gen.getDeleteRepositoryFilesMockHandler(remove),
    gen.getDeleteFilesMockHandler(remove),

    gen.getResyncFilesMockHandler(async ({ request }) => {
      const body = (await request.json()) as FileResyncRequest;
      const repo = writable(body.file_repository_info, uploadRefused);
      const again = inRepo(repo)
        .filter((f) => matches(f, body.filters) && !f.is_attachment)
        .slice(0, RESYNC_MAX);
      again.forEach(toProcessing);
      opts.changed();
      notify();
      return { files: again };
    }),

    gen.getGetFileRepositorySummaryMockHandler(async ({ request }) => {
      const body = (await request.json()) as FileSummaryRequest;
      const files = inRepo(readable(body.file_repository_info));
      return {
        total_files: files.length,
        pending_files: files.filter((f) => f.file_state === 'PROCESSING').length,
        error_files: files.filter((f) => f.file_state === 'FAILED').length,
        total_uploads: files.length,
      };
    }),

    gen.getDownloadFileMockHandler(download),
    gen.getDownloadAttachmentMockHandler(download),

    gen.getGetRepositoryFileMockHandler(async ({ params, request }): Promise<FileView> => {
      signedIn();
      const f = findFile(String(params.fileUuid));
      const raw = new URL(request.url).searchParams.get('page');
      const page = raw === null ? null : Number(raw);
      if (page !== null && (!Number.isInteger(page) || page < 1)) throw problem(400, 'invalid_page', 'page is a whole number from 1.');
      return { file: f, page, passages: await passagesOf(f, page) };
    }),

    gen.getListCollectionFilesMockHandler(({ params, request }) => {
      const repo = readable({ file_repository_type: 'COLLECTION', owner_id: String(params.collectionUuid) });
      const limit = Number(new URL(request.url).searchParams.get('limit') ?? 50);
      if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw problem(400, 'invalid_limit', 'limit is 1 to 100.');
      const files = newestFirst(inRepo(repo));
      return {
        files: files.slice(0, limit).map((f) => ({
          file_uuid: f.file_uuid,
          name: f.filename,
          file_s3_url: f.file_s3_url,
          connection_type: 'local',
          connection_file_url: null,
          status: spaceStatus(f.file_state),
        })),
        files_in_repo: files.length,
      };
    }),

    gen.getGetOrgFileSettingsMockHandler(({ params }) => ({ downloads_disabled: orgFor(String(params.orgUuid)).org.downloads_disabled })),
    gen.getUpdateOrgFileSettingsMockHandler(async ({ params, request }) => {
      const { user, org } = orgFor(String(params.orgUuid));
      if (!org.admins.includes(user.id)) throw problem(403, 'not_org_admin', 'Only the owners and admins of the organisation can change this.');
      const body = (await request.json()) as Partial<OrgFileSettings>;
      if (typeof body.downloads_disabled !== 'boolean') throw problem(400, 'invalid_settings', 'downloads_disabled is true or false.');
      org.downloads_disabled = body.downloads_disabled;
      opts.changed();
      return { downloads_disabled: org.downloads_disabled };
    }),
  ];

  /** After a reload of `make dev-mocks`, files left PROCESSING finish indexing. */
  const resumeIndexing = () =>
    opts
      .files()
      .filter((f) => f.file_state === 'PROCESSING')
      .forEach(startIndexing);

  return { handlers, resumeIndexing };
}
