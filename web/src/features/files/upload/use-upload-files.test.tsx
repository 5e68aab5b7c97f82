// @vitest-environment happy-dom
// The upload flow of seed 001 §4 against an in-memory files backend: batches of 10, the limit
// that stops the loop, one storage attempt, indexing failures, refused files and repositories,
// the optimistic rows and their rollback.
import { act, cleanup, renderHook, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RepositoryFile } from '../../../../../generated/react-query/model';
import { UNSUPPORTED_TYPE } from '../../../../../services/files/pure';
import { sessionQueryKey } from '../../../platform/session';
import { fileListKey, MY_FILES, spaceRepository, type RepositoryRef } from '../file-keys';
import { createUploadProgress } from './upload-progress';
import { createFilesBackend, fileOf, newClient, Providers, SPACE_UUID } from './upload-test-kit';
import { UPLOAD_TEXT } from './upload-texts';
import { useUploadFiles } from './use-upload-files';

const backend = createFilesBackend();
beforeAll(backend.listen);
afterEach(() => {
  cleanup();
  backend.reset();
});
afterAll(backend.close);

function setup(repository: RepositoryRef = MY_FILES) {
  const client = newClient();
  const progress = createUploadProgress();
  const hook = renderHook(() => useUploadFiles(repository, { progress }), { wrapper: ({ children }) => <Providers client={client}>{children}</Providers> });
  return { client, progress, hook };
}
const files = (n: number) => Array.from({ length: n }, (_, i) => fileOf(`notes-${i + 1}.txt`));

describe('useUploadFiles', () => {
  it('sends 12 files in two batches, 10 then 2, each to storage once and then to indexing', async () => {
    const { hook } = setup();
    let outcome: unknown;
    await act(async () => {
      outcome = await hook.result.current.upload(files(12));
    });
    expect(outcome).toEqual({ indexed: 12, failed: 0, notUploaded: 0, limitReached: false });
    expect(backend.calls.urls.map((c) => c.file_upload_params.length)).toEqual([10, 2]);
    expect(backend.calls.urls[0]!.file_repository_info).toEqual({ file_repository_type: 'USER', owner_id: null });
    expect(backend.calls.urls[0]!.file_upload_params[0]).toEqual({ filename: 'notes-1.txt', content_type: 'text/plain', file_size: 5 });
    expect(backend.calls.bucket).toHaveLength(12);
    // The policy's fields before the file, as S3 wants.
    expect(backend.calls.bucket[0]!.keys).toEqual(['key', 'policy', 'x-amz-signature', 'file']);
    expect(backend.calls.index.map((c) => c.file_index_params.length)).toEqual([10, 2]);
    const first = backend.calls.index[0]!.file_index_params[0]!;
    expect(first).toMatchObject({ file_s3_url: 's3://bucket/uploads/notes-1.txt', file_size: 5, filename: 'notes-1.txt', replace_existing: false });
    expect(Object.values(hook.result.current.states).every((s) => s.status === 'done')).toBe(true);
  });

  it('stops after the batch where the server reports a limit, and shows its message', async () => {
    const message = 'You have reached the file limit of 13 files per repository.';
    backend.configure({ fitBeforeLimit: 13, limit: { code: 'FILE_REPOSITORY_LIMIT_EXCEEDED', limit: 13, message } });
    const { hook, progress } = setup();
    let outcome: unknown;
    await act(async () => {
      outcome = await hook.result.current.upload(files(25));
    });
    expect(await screen.findByText(message)).toBeInTheDocument();
    // Batch 1 fits; batch 2 fits 3 of 10 and reports the limit; batch 3 is never asked for.
    expect(backend.calls.urls.map((c) => c.file_upload_params.length)).toEqual([10, 10]);
    expect(backend.calls.bucket).toHaveLength(13);
    expect(outcome).toEqual({ indexed: 13, failed: 0, notUploaded: 12, limitReached: true });
    const states = Object.values(hook.result.current.states);
    expect(states.filter((s) => s.status === 'not-uploaded')).toHaveLength(12);
    expect(progress.get().done).toEqual({ synced: 13, errors: 0 });
  });

  it('counts a storage answer of 500 as one error, and never sends that file again', async () => {
    backend.configure({ bucketRefuses: new Set(['notes-2.txt']) });
    const { hook, progress } = setup();
    let outcome: unknown;
    await act(async () => {
      outcome = await hook.result.current.upload(files(3));
    });
    expect(outcome).toEqual({ indexed: 2, failed: 1, notUploaded: 0, limitReached: false });
    expect(backend.calls.bucket.filter((b) => b.filename === 'notes-2.txt')).toHaveLength(1);
    expect(backend.calls.index[0]!.file_index_params.map((p) => p.filename)).toEqual(['notes-1.txt', 'notes-3.txt']);
    expect(await screen.findByText(UPLOAD_TEXT.uploadFailed)).toBeInTheDocument();
    expect(progress.get().done).toEqual({ synced: 2, errors: 1 });
    expect(Object.values(hook.result.current.states).filter((s) => s.status === 'failed')).toEqual([
      { status: 'failed', message: `${UPLOAD_TEXT.uploadFailed}: storage answered 500` },
    ]);
  });

  it("shows 'Indexing failed' for a file whose indexing fails", async () => {
    backend.configure({ indexFails: new Map([['notes-1.txt', 'The PDF has no text']]) });
    const { hook, progress } = setup();
    await act(async () => {
      await hook.result.current.upload(files(2));
    });
    expect(await screen.findByText(UPLOAD_TEXT.indexingFailed)).toBeInTheDocument();
    expect(screen.getByText('notes-1.txt: The PDF has no text')).toBeInTheDocument();
    expect(progress.get().done).toEqual({ synced: 1, errors: 1 });
  });

  it("counts a refused indexing call as errors with the server's reason; a limit there stops the loop too", async () => {
    backend.server.use(
      http.post('*/rest/sse/index_files', () =>
        HttpResponse.json(
          { type: 'about:blank', title: 'Conflict', status: 409, code: 'file_exists', detail: 'notes-1.txt is already there' },
          { status: 409 },
        ),
      ),
    );
    const first = setup();
    await act(async () => {
      await first.hook.result.current.upload(files(2));
    });
    expect(await screen.findByText(UPLOAD_TEXT.indexingFailed)).toBeInTheDocument();
    expect(screen.getByText('notes-1.txt is already there')).toBeInTheDocument();
    expect(first.progress.get().done).toEqual({ synced: 0, errors: 2 });
    cleanup();
    backend.calls.urls.length = 0;

    const detail = 'You have reached the file limit of 50 files per repository.';
    backend.server.use(
      http.post('*/rest/sse/index_files', () =>
        HttpResponse.json({ type: 'about:blank', title: 'Limit', status: 422, code: 'FILE_REPOSITORY_LIMIT_EXCEEDED', detail }, { status: 422 }),
      ),
    );
    const second = setup();
    let outcome: unknown;
    await act(async () => {
      outcome = await second.hook.result.current.upload(files(12));
    });
    expect(await screen.findByText(detail)).toBeInTheDocument();
    expect(backend.calls.urls).toHaveLength(1);
    expect(outcome).toEqual({ indexed: 0, failed: 10, notUploaded: 2, limitReached: true });
  });

  it('skips dropped directory entries (no content type) but not picked files without one', async () => {
    const { hook } = setup();
    await act(async () => {
      await hook.result.current.upload([fileOf('photos', ''), fileOf('a.md')], { dropped: true });
    });
    expect(backend.calls.urls.flatMap((c) => c.file_upload_params.map((p) => p.filename))).toEqual(['a.md']);
    await act(async () => {
      await hook.result.current.upload([fileOf('b.md', '')]);
    });
    // Picked with no type: the extension's type is sent.
    expect(backend.calls.urls[1]!.file_upload_params).toEqual([{ filename: 'b.md', content_type: 'text/markdown', file_size: 5 }]);
  });

  it('refuses types outside the accepted list and files over the size limit, naming them', async () => {
    const { hook } = setup();
    const big = fileOf('huge.pdf', 'application/pdf');
    Object.defineProperty(big, 'size', { value: 51 * 1024 * 1024 });
    await act(async () => {
      await hook.result.current.upload([fileOf('setup.exe', 'application/octet-stream'), big]);
    });
    expect(await screen.findByText(UNSUPPORTED_TYPE('setup.exe'))).toBeInTheDocument();
    expect(screen.getByText(/^huge\.pdf is larger than 50 MB/)).toBeInTheDocument();
    expect(backend.calls.urls).toHaveLength(0);
  });

  it.each<[string, RepositoryRef]>([
    ['a collection without an owner', { file_repository_type: 'COLLECTION', owner_id: null }],
    ['the default collection', { file_repository_type: 'COLLECTION', owner_id: 'default' }],
    ['an empty owner', { file_repository_type: 'COLLECTION', owner_id: '  ' }],
  ])("says 'Unable to upload files.' for %s and calls nothing", async (_, repository) => {
    const { hook } = setup(repository);
    await act(async () => {
      expect(await hook.result.current.upload(files(1))).toBeNull();
    });
    expect(await screen.findByText(UPLOAD_TEXT.notAllowed)).toBeInTheDocument();
    expect(backend.calls.urls).toHaveLength(0);
  });

  it('adds PROCESSING rows to the cached list at once, for a Space too', async () => {
    const repo = spaceRepository(SPACE_UUID);
    const { hook, client } = setup(repo);
    // The uploader's email comes from the session, loaded long before any upload in the app.
    await waitFor(() => expect(client.getQueryState(sessionQueryKey())?.status).toBe('success'));
    const key = fileListKey(repo, { states: ['PROCESSING'] });
    client.setQueryData(key, { files: [] as RepositoryFile[] });
    let during: RepositoryFile[] = [];
    backend.server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/rest/sse/index_files')) during = (client.getQueryData(key) as { files: RepositoryFile[] }).files;
    });
    await act(async () => {
      await hook.result.current.upload(files(2));
    });
    expect(during.map((f) => [f.filename, f.file_state, (f as RepositoryFile & { isOptimistic?: boolean }).isOptimistic])).toEqual([
      ['notes-1.txt', 'PROCESSING', true],
      ['notes-2.txt', 'PROCESSING', true],
    ]);
    expect(during[0]!.file_repository_info).toEqual({ file_repository_type: 'COLLECTION', owner_id: SPACE_UUID });
    expect(during[0]!.uploaded_by).toBe('ada@example.com');
  });

  it("retries the upload addresses once, then says 'Failed to get fileUploadUrl' and puts the lists back", async () => {
    backend.configure({ urlFailures: 4 });
    const { hook, client, progress } = setup();
    const key = fileListKey(MY_FILES, {});
    const before = { files: [] as RepositoryFile[] };
    client.setQueryData(key, before);
    let outcome: unknown = 'unset';
    await act(async () => {
      outcome = await hook.result.current.upload(files(2));
    });
    expect(outcome).toBeNull();
    expect(backend.calls.urls).toHaveLength(2);
    expect(await screen.findByText(UPLOAD_TEXT.urlsFailed)).toBeInTheDocument();
    // Each file names the reason beside it, as the modal's banner says.
    expect(Object.values(hook.result.current.states)).toEqual([
      { status: 'failed', message: `${UPLOAD_TEXT.urlsFailed}: Server error` },
      { status: 'failed', message: `${UPLOAD_TEXT.urlsFailed}: Server error` },
    ]);
    expect(client.getQueryData(key)).toEqual(before);
    expect(progress.get().done).toEqual({ synced: 0, errors: 2 });
  });

  it('one retry is enough when the second attempt succeeds', async () => {
    backend.configure({ urlFailures: 1 });
    const { hook } = setup();
    await act(async () => {
      await hook.result.current.upload(files(1));
    });
    expect(backend.calls.urls).toHaveLength(2);
    expect(backend.calls.bucket).toHaveLength(1);
    await waitFor(() => expect(Object.values(hook.result.current.states)).toEqual([{ status: 'done' }]));
  });
});
