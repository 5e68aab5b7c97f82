// @vitest-environment happy-dom
// The upload toast (seed 001 §2, §4): 'Syncing N files' with percent and errors while it runs;
// 'N files synced' and 'Ready to search' when the total returns to 0, and the lists refetch.
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fileListKey, fileSummaryKey, MY_FILES, spaceRepository } from '../file-keys';
import { createUploadProgress } from './upload-progress';
import { newClient, Providers } from './upload-test-kit';
import { showUploadToast } from './upload-toast';

afterEach(cleanup);

describe('the upload toast', () => {
  it('shows the run, then its end, and invalidates every file list once done', async () => {
    const client = newClient();
    const progress = createUploadProgress();
    const lists = [fileListKey(MY_FILES, {}), fileSummaryKey(MY_FILES), fileListKey(spaceRepository('s-1'), {})];
    for (const k of lists) client.setQueryData(k, { files: [] });
    render(<Providers client={client}>{null}</Providers>);

    act(() => {
      progress.start(4);
      showUploadToast(client, progress);
    });
    expect(await screen.findByText('Syncing 4 files')).toBeInTheDocument();
    expect(screen.getByText('0% complete')).toBeInTheDocument();
    expect(screen.queryByText(/error/)).not.toBeInTheDocument();

    act(() => {
      progress.settle(true);
      progress.settle(false);
    });
    expect(screen.getByText('50% complete')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Upload progress' }).getAttribute('aria-valuenow')).toBe('50');
    expect(screen.getByText('1 error')).toBeInTheDocument();
    expect(lists.some((k) => client.getQueryState(k)?.isInvalidated)).toBe(false);

    act(() => {
      progress.settle(true);
      progress.settle(true);
    });
    expect(screen.getByText('3 files synced')).toBeInTheDocument();
    expect(screen.getByText('Ready to search')).toBeInTheDocument();
    expect(screen.getByText('1 error')).toBeInTheDocument();
    expect(lists.every((k) => client.getQueryState(k)?.isInvalidated)).toBe(true);

    // A new run takes the same toast over.
    act(() => {
      progress.start(2);
      showUploadToast(client, progress);
    });
    expect(screen.getByText('Syncing 2 files')).toBeInTheDocument();
    expect(screen.queryByText('Ready to search')).not.toBeInTheDocument();
  });
});
