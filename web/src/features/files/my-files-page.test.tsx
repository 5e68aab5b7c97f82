// @vitest-environment happy-dom
// My Files against the stateful mock: the groups (processing, failed with its error and Retry,
// completed), the summary and banner, search, the empty state, and deleting optimistically with
// the restore and 'Failed to delete file' when the server fails.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { gate } from '../../../../tests/support/gate';
import { describe, expect, it } from 'vitest';
import { withMockServer } from '../../testing/mock-server';
import { problem } from '../../../../mocks/problem';
import { addFile, renderFiles } from './files-test-kit';
import { FILE_TEXT } from './file-texts';
import { uploaderBannerText } from './uploader-banner';

const mocks = withMockServer('signed-in');

const region = (name: RegExp | string) => screen.findByRole('region', { name }, { timeout: 5000 });

describe('My Files', () => {
  it('shows the processing, failed and completed groups with name, size, uploader and state', async () => {
    addFile(mocks, { filename: 'report.pdf', file_type: 'pdf', file_size: 1536 });
    addFile(mocks, { filename: 'scan.pdf', file_state: 'FAILED', error: 'Indexing failed' });
    addFile(mocks, { filename: 'draft.md', file_state: 'PROCESSING' });
    renderFiles('/account/files');
    expect(await screen.findByRole('heading', { name: 'My Files' })).toBeInTheDocument();

    const processing = await region('Processing');
    expect(within(within(processing).getByRole('listitem', { name: 'draft.md' })).getByText('Processing')).toBeInTheDocument();
    const failed = await region('Failed');
    expect(within(failed).getByText('Indexing failed')).toBeInTheDocument();
    expect(within(failed).getByRole('button', { name: 'Retry scan.pdf' })).toBeInTheDocument();
    const completed = await region(/Completed/);
    const row = within(completed).getByRole('listitem', { name: 'report.pdf' });
    expect(row.textContent).toContain('1.5 KB');
    expect(row.textContent).toContain('ada@example.com');
    expect(row.textContent).toContain('Ready');
    await waitFor(() => expect(screen.getByTestId('file-summary').textContent).toBe('3 files · 1 processing · 1 failed'));
    expect(screen.getByRole('alert').textContent).toContain(uploaderBannerText(1));
  });

  it('retries a failed file: it moves to processing', async () => {
    addFile(mocks, { filename: 'scan.pdf', file_state: 'FAILED', error: 'Indexing failed' });
    const { user } = renderFiles('/account/files');
    await user.click(within(await region('Failed')).getByRole('button', { name: 'Retry scan.pdf' }));
    expect(within(await region('Processing')).getByText('scan.pdf')).toBeInTheDocument();
    expect(mocks.scenario.state.files![0]!.file_state).not.toBe('FAILED');
  });

  it('shows the empty state and no banner when there are no files, and searches by name', async () => {
    const { user } = renderFiles('/account/files');
    expect(await screen.findByText(FILE_TEXT.empty, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText(/could not be indexed/)).not.toBeInTheDocument();
    cleanup();
    addFile(mocks, { filename: 'alpha.txt' });
    addFile(mocks, { filename: 'beta.txt' });
    renderFiles('/account/files');
    await region(/Completed/);
    await user.type(screen.getByRole('searchbox', { name: 'Search files' }), 'alp');
    await waitFor(() => expect(screen.queryByText('beta.txt')).not.toBeInTheDocument());
    expect(screen.getByText('alpha.txt')).toBeInTheDocument();
  });

  it('deletes after a confirmation: the row leaves at once and the server forgets it', async () => {
    addFile(mocks, { filename: 'old.txt' });
    addFile(mocks, { filename: 'keep.txt' });
    const { user } = renderFiles('/account/files');
    await user.click(within(await region(/Completed/)).getByRole('button', { name: 'Delete old.txt' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('old.txt')).not.toBeInTheDocument());
    expect(screen.getByText('keep.txt')).toBeInTheDocument();
    await waitFor(() => expect(mocks.scenario.state.files!.map((f) => f.filename)).toEqual(['keep.txt']));
  });

  it('restores the row and says Failed to delete file when the server fails', async () => {
    addFile(mocks, { filename: 'stuck.txt' });
    const answer = gate();
    mocks.server.use(
      http.post('*/rest/file-repository/delete-files', async () => {
        await answer.held;
        return problem(403, 'delete_not_allowed', 'Unable to delete files.');
      }),
    );
    const { user } = renderFiles('/account/files');
    await user.click(within(await region(/Completed/)).getByRole('button', { name: 'Delete stuck.txt' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('stuck.txt')).not.toBeInTheDocument());
    answer.release();
    expect(await screen.findByText(FILE_TEXT.deleteFailed, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByText('stuck.txt')).toBeInTheDocument();
    expect(mocks.scenario.state.files).toHaveLength(1);
  });

  it('opens the upload modal from Add files, Local files', async () => {
    const { user } = renderFiles('/account/files');
    await user.click(await screen.findByRole('button', { name: 'Add files' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Local files' }));
    expect(await screen.findByRole('dialog', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('asks visitors to sign in', async () => {
    mocks.reset('anonymous');
    renderFiles('/account/files');
    expect(await screen.findByText('Sign in to see your files', {}, { timeout: 5000 })).toBeInTheDocument();
  });
});
