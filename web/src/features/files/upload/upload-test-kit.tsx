// Test set-up of the upload tests: a small in-memory files backend on MSW (upload addresses,
// the storage bucket and the indexing stream) that records every call, and a render wrapper with
// the query client, the modal host and the toasts. Independent of mocks/ on purpose.
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import type { Collection, FileLimitReached, FileUploadUrlsRequest, FileIndexRequest } from '../../../../../generated/react-query/model';
import { ACCESS_LEVEL, SPACE_ACCESS } from '../../../../../services/spaces/pure';
import { FREE_PLAN_FIELDS } from '../../../../../mocks/scenarios';
import { ModalProvider } from '../../../app/modals/host';
import { createQueryClient } from '../../../platform/query-client';
import { Toaster } from '../../../app/toaster';

export const BUCKET_URL = 'http://storage.test/bucket';
export const SPACE_UUID = '3f1c9a52-8d7e-4b1a-9c2f-0e6d5a4b3c21';

type Options = {
  /** Files that fit before a limit stops the rest (counted over the whole test). */
  fitBeforeLimit?: number;
  limit?: FileLimitReached;
  /** Upload-address calls that fail with 500 before one succeeds. */
  urlFailures?: number;
  /** File names the bucket refuses with 500. */
  bucketRefuses?: Set<string>;
  /** File names the bucket refuses as S3 does, with 403 and an XML error naming the reason. */
  bucketDenies?: Map<string, string>;
  /** File names whose POST never reaches the bucket (a network error, or CORS). */
  bucketUnreachable?: Set<string>;
  /** File names whose indexing fails. */
  indexFails?: Map<string, string>;
  /** The caller's access level to the Space. */
  spaceLevel?: number;
};

export function createFilesBackend() {
  const calls = {
    urls: [] as FileUploadUrlsRequest[],
    bucket: [] as { filename: string; keys: string[] }[],
    index: [] as FileIndexRequest[],
  };
  let opts: Options = {};
  let fitted = 0;
  let failedUrls = 0;

  const uuidOf = (filename: string) =>
    `00000000-0000-4000-8000-${[...filename]
      .reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 1e12, 7)
      .toString()
      .padStart(12, '0')}`;

  const handlers = [
    http.get('*/rest/session', () =>
      HttpResponse.json({
        user: { id: 'u-ada', name: 'Ada', email: 'ada@example.com', org_uuid: null, subscription_status: 'none', ...FREE_PLAN_FIELDS },
        visitor_id: 'v-1',
      }),
    ),
    http.post('*/rest/file-repository/get-file-upload-urls', async ({ request }) => {
      const body = (await request.json()) as FileUploadUrlsRequest;
      calls.urls.push(body);
      if (failedUrls < (opts.urlFailures ?? 0)) {
        failedUrls++;
        return HttpResponse.json({ type: 'about:blank', title: 'Server error', status: 500, code: 'internal' }, { status: 500 });
      }
      const room = opts.fitBeforeLimit === undefined ? Infinity : Math.max(0, opts.fitBeforeLimit - fitted);
      const fits = body.file_upload_params.slice(0, room);
      fitted += fits.length;
      return HttpResponse.json({
        limits_reached: fits.length < body.file_upload_params.length && opts.limit ? [opts.limit] : [],
        file_url_params: fits.map((f) => ({
          s3_bucket_url: BUCKET_URL,
          fields: { key: `uploads/${f.filename}`, policy: 'p', 'x-amz-signature': 's' },
          s3_object_url: `s3://bucket/uploads/${f.filename}`,
          file_uuid: uuidOf(f.filename),
          replaces_existing: false,
        })),
      });
    }),
    // happy-dom asks before any cross-origin POST, as a browser would for a non-simple one.
    http.options(
      BUCKET_URL,
      () =>
        new HttpResponse(null, {
          status: 204,
          headers: { 'access-control-allow-origin': '*', 'access-control-allow-methods': 'POST', 'access-control-allow-headers': '*' },
        }),
    ),
    http.post(BUCKET_URL, async ({ request }) => {
      const form = await request.formData();
      const file = form.get('file');
      const filename = file instanceof Blob && 'name' in file ? String(file.name) : '';
      calls.bucket.push({ filename, keys: [...form.keys()] });
      const headers = { 'access-control-allow-origin': '*' };
      const denied = opts.bucketDenies?.get(filename);
      if (opts.bucketUnreachable?.has(filename)) return HttpResponse.error();
      if (denied)
        return new HttpResponse(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>${denied}</Message></Error>`, {
          status: 403,
          headers: { ...headers, 'content-type': 'application/xml' },
        });
      return opts.bucketRefuses?.has(filename) ? new HttpResponse('refused', { status: 500, headers }) : new HttpResponse(null, { status: 204, headers });
    }),
    http.post('*/rest/sse/index_files', async ({ request }) => {
      const body = (await request.json()) as FileIndexRequest;
      calls.index.push(body);
      const events = body.file_index_params.flatMap((p) => {
        const detail = opts.indexFails?.get(p.filename);
        return [
          { file_uuid: p.file_uuid, filename: p.filename, status: 'processing' },
          detail
            ? { file_uuid: p.file_uuid, filename: p.filename, status: 'failure', error: 'Indexing failed', detail }
            : { file_uuid: p.file_uuid, filename: p.filename, status: 'success' },
        ];
      });
      const text = events.map((e) => `event: message\ndata: ${JSON.stringify(e)}\n\n`).join('');
      return new HttpResponse(text, { headers: { 'content-type': 'text/event-stream' } });
    }),
    http.get('*/rest/collections/get_collection', ({ request }) => {
      const key = new URL(request.url).searchParams.get('collection_slug');
      if (key !== SPACE_UUID)
        return HttpResponse.json({ type: 'about:blank', title: 'Not found', status: 404, code: 'not_found', detail: 'Space not found' }, { status: 404 });
      return HttpResponse.json(space(opts.spaceLevel ?? ACCESS_LEVEL.OWNER));
    }),
  ];

  const server = setupServer(...handlers);
  return {
    server,
    calls,
    configure: (next: Options) => void (opts = next),
    listen: () => server.listen({ onUnhandledFrame: 'error' }),
    reset: () => {
      server.resetHandlers();
      calls.urls.length = calls.bucket.length = calls.index.length = 0;
      opts = {};
      fitted = failedUrls = 0;
    },
    close: () => server.close(),
  };
}

function space(level: number): Collection {
  const at = '2026-01-01T00:00:00.000Z';
  return {
    uuid: SPACE_UUID,
    slug: 'research-AbCdEfGhIjKlMnOpQrStUv',
    title: 'Research',
    description: '',
    instructions: '',
    emoji: '',
    access: SPACE_ACCESS.PRIVATE,
    enable_web_by_default: true,
    user_permission: level,
    template_id: null,
    thread_count: 0,
    focused_web_config: { link_configs: [] },
    owner: { id: 'u-olga', name: 'Olga' },
    created_at: at,
    updated_at: at,
  } as Collection;
}

/** A file of `size` bytes (the content is filler); `type` '' stands for a dropped directory entry. */
export const fileOf = (name: string, type = 'text/plain', size = 5) => new File(['x'.repeat(size)], name, { type });

export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      <ModalProvider>
        {children}
        <Toaster />
      </ModalProvider>
    </QueryClientProvider>
  );
}

export const newClient = createQueryClient;
