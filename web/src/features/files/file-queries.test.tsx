// @vitest-environment happy-dom
// Polling (seed 001 §4, §9), with fake timers: the directory's lists refetch every 5 s while a
// file is processing and stop once nothing is; the summary polls every 5 s while files are
// pending, then every 60 s. The cursor list pages with Prev/Next and starts over on a new search.
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setupMocks } from '../../../../mocks/node';
import { createQueryClient } from '../../platform/query-client';
import { MY_FILES } from './file-keys';
import { FILE_LIST_POLL_MS, SUMMARY_POLL_IDLE_MS, useCursorFileList, useFileDirectory, useFileSummary } from './file-queries';
import { addFile } from './files-test-kit';

const mocks = setupMocks('signed-in');
beforeAll(mocks.listen);
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  mocks.server.events.removeAllListeners();
  mocks.reset();
});
afterAll(mocks.close);

const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>;

function countCalls() {
  const seen: string[] = [];
  mocks.server.events.on('request:start', ({ request }) => void seen.push(new URL(request.url).pathname));
  return (path: string) => seen.filter((p) => p === path).length;
}
const tick = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
/** waitFor for fake timers: moves the clock in small steps until the check holds. */
async function until(check: () => boolean) {
  for (let i = 0; i < 100 && !check(); i++) await tick(10);
  expect(check()).toBe(true);
}

describe('file polling', () => {
  it('refetches the directory every 5 s while a file is processing, and stops after', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const file = addFile(mocks, { filename: 'slow.pdf', file_state: 'PROCESSING' });
    const calls = countCalls();
    const { result } = renderHook(
      () => ({ dir: useFileDirectory(MY_FILES, { search: '', page: 0, email: 'ada@example.com' }), summary: useFileSummary(MY_FILES) }),
      { wrapper },
    );
    await until(() => !result.current.dir.isLoading);
    expect(result.current.dir.processingFiles.map((f) => f.filename)).toEqual(['slow.pdf']);
    const lists = calls('/rest/files/list');
    const summaries = calls('/rest/file-repository/summary');
    expect(lists).toBe(3);

    await tick(FILE_LIST_POLL_MS);
    expect(calls('/rest/files/list')).toBe(lists + 3);
    expect(calls('/rest/file-repository/summary')).toBe(summaries + 1);

    file.file_state = 'COMPLETE';
    await tick(FILE_LIST_POLL_MS);
    await until(() => result.current.dir.completedFiles.length === 1);
    expect(result.current.dir.processingFiles).toEqual([]);
    expect(result.current.dir.completedFiles.map((f) => f.filename)).toEqual(['slow.pdf']);
    const settled = calls('/rest/files/list');
    const settledSummaries = calls('/rest/file-repository/summary');

    await tick(FILE_LIST_POLL_MS * 4);
    expect(calls('/rest/files/list')).toBe(settled);
    // Nothing pending: the summary waits for its 60 s interval.
    expect(calls('/rest/file-repository/summary')).toBe(settledSummaries);
    await tick(SUMMARY_POLL_IDLE_MS);
    expect(calls('/rest/file-repository/summary')).toBeGreaterThan(settledSummaries);
    expect(calls('/rest/files/list')).toBe(settled);
  });
});

describe('the cursor list', () => {
  it('pages forward and back, and a new search starts at the first page', async () => {
    for (let i = 0; i < 5; i++) addFile(mocks, { filename: `doc-${i}.txt` });
    const { result, rerender } = renderHook(({ search }) => useCursorFileList(MY_FILES, { search, pageSize: 2 }), { wrapper, initialProps: { search: '' } });
    await waitFor(() => expect(result.current.files.map((f) => f.filename)).toEqual(['doc-4.txt', 'doc-3.txt']));
    expect(result.current.hasPrevious).toBe(false);
    act(() => result.current.next());
    await waitFor(() => expect(result.current.files.map((f) => f.filename)).toEqual(['doc-2.txt', 'doc-1.txt']));
    act(() => result.current.next());
    await waitFor(() => expect(result.current.files.map((f) => f.filename)).toEqual(['doc-0.txt']));
    expect(result.current.hasNext).toBe(false);
    expect(result.current.page).toBe(3);
    act(() => result.current.previous());
    await waitFor(() => expect(result.current.page).toBe(2));
    rerender({ search: 'doc-' });
    expect(result.current.page).toBe(1);
    await waitFor(() => expect(result.current.files.map((f) => f.filename)).toEqual(['doc-4.txt', 'doc-3.txt']));
  });
});
