// @vitest-environment happy-dom
// Downloads (seed 001 §7-§9), with fake timers: 'Downloading file...' only after 250 ms, the
// returned address opened in a new tab (a PDF at its page), a 2 s timeout with one retry, the
// three denial texts for 8 s and 'Failed to download file' for anything else.
import { act, cleanup, render, screen } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setupMocks } from '../../../../mocks/node';
import { problem } from '../../../../mocks/problem';
import { ApiError } from '../../platform/api-fetch';
import { Toaster } from '../../app/toaster';
import { TOAST_DURATION } from '../../platform/toasts';
import { DOWNLOAD_DENIED_TOAST_MS, downloadErrorText, startDownload } from './download-file';
import { DOWNLOAD_DENIED, FILE_TEXT } from './file-texts';
import { addFile } from './files-test-kit';

const mocks = setupMocks('signed-in');
beforeAll(mocks.listen);
let open: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  open = vi.spyOn(window, 'open').mockReturnValue(null);
  render(<Toaster />);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  mocks.reset();
});
afterAll(mocks.close);

const answerAfter = (ms: number, path = '*/rest/file-repository/download') => {
  let calls = 0;
  mocks.server.use(
    http.post(path, async () => {
      calls++;
      await delay(ms);
      return HttpResponse.json({ file_url: 'blob:http://app.test/abc', expires_at: new Date().toISOString() });
    }),
  );
  return () => calls;
};

async function run(p: Promise<boolean>, ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
  const done = await p;
  await act(() => vi.advanceTimersByTimeAsync(1)); // lets the toast render
  return done;
}

describe('downloading a file', () => {
  it('says nothing when the address comes within 250 ms, and opens it in a new tab', async () => {
    const file = addFile(mocks, { filename: 'notes.txt' });
    expect(await run(startDownload(file), 50)).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(screen.queryByText(FILE_TEXT.downloading)).not.toBeInTheDocument();
    expect(open).toHaveBeenCalledWith(expect.stringMatching(/^blob:/), '_blank', 'noopener,noreferrer');
  });

  it('shows Downloading file... once the call takes longer than 250 ms', async () => {
    answerAfter(400);
    const p = startDownload({ file_s3_url: 'http://app.test/storage/mock-bucket/x/report.pdf', file_type: 'pdf', filename: 'report.pdf' }, { page: 3 });
    await act(() => vi.advanceTimersByTimeAsync(240));
    expect(screen.queryByText(FILE_TEXT.downloading)).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(20));
    expect(screen.getByText(FILE_TEXT.downloading)).toBeInTheDocument();
    expect(await run(p, 200)).toBe(true);
    expect(open).toHaveBeenCalledWith('blob:http://app.test/abc#page=3', '_blank', 'noopener,noreferrer');
  });

  it('asks images through downloadAttachment', async () => {
    const calls = answerAfter(0, '*/rest/file-repository/download-attachment');
    expect(await run(startDownload({ file_s3_url: 'http://app.test/storage/mock-bucket/x/photo.png', is_attachment: true }), 10)).toBe(true);
    expect(calls()).toBe(1);
  });

  it('gives up after 2 s, retries once, then says Failed to download file', async () => {
    const calls = answerAfter(10_000);
    const p = startDownload({ file_s3_url: 'http://app.test/storage/mock-bucket/x/a.txt' });
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(calls()).toBe(2);
    expect(await run(p, 2_000)).toBe(false);
    expect(calls()).toBe(2);
    expect(screen.getByText(FILE_TEXT.downloadFailed)).toBeInTheDocument();
  });

  it.each(Object.entries(DOWNLOAD_DENIED))('shows the seed text for %s, without retrying', async (code, text) => {
    let calls = 0;
    mocks.server.use(
      http.post('*/rest/file-repository/download', () => {
        calls++;
        return problem(403, code, 'server words');
      }),
    );
    expect(await run(startDownload({ file_s3_url: 'http://app.test/storage/mock-bucket/x/a.pdf' }), 10)).toBe(false);
    // Two codes share the seed's PDF text, and the toaster's store outlives a case: the case
    // before may still show its toast beside this one.
    expect(screen.getAllByText(text)[0]).toBeInTheDocument();
    expect(calls).toBe(1);
    expect(open).not.toHaveBeenCalled();
  });

  it('keeps denials 8 s and other failures 3 s', () => {
    const denial = new ApiError({ type: 'about:blank', title: 'Forbidden', status: 403, code: 'downloads_disabled' });
    expect(downloadErrorText(denial)).toEqual({ text: DOWNLOAD_DENIED.downloads_disabled, duration: DOWNLOAD_DENIED_TOAST_MS });
    expect(DOWNLOAD_DENIED_TOAST_MS).toBe(8_000);
    const other = new ApiError({ type: 'about:blank', title: 'Not Found', status: 404, code: 'file_not_found' });
    expect(downloadErrorText(other)).toEqual({ text: FILE_TEXT.downloadFailed, duration: TOAST_DURATION.normal });
    expect(downloadErrorText(new TypeError('offline'))).toEqual({ text: 'Failed to download file', duration: 3_000 });
  });
});
