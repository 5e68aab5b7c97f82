// @vitest-environment happy-dom
// The file a citation opens: name, page and that page's passages from the mock; Open original
// opens a PDF at #page=N, Download opens the plain address; an unknown file says so.
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setupMocks } from '../../../../mocks/node';
import { addFile, renderFiles } from './files-test-kit';
import { pageParam } from './file-view-page';

const mocks = setupMocks('signed-in');
beforeAll(mocks.listen);
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  mocks.reset();
});
afterAll(mocks.close);

describe('the file view', () => {
  it('shows the page’s passages and opens the original at that page', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const file = addFile(mocks, { filename: 'handbook.pdf', file_type: 'pdf', content_type: 'application/pdf', page_count: 4 });
    const { user } = renderFiles(`/files/${file.file_uuid}?page=2`);
    expect(await screen.findByRole('heading', { name: 'handbook.pdf', level: 1 }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText(/Page 2 of 4/)).toBeInTheDocument();
    expect(screen.getByText('The passage of handbook.pdf on page 2, as the mock indexes it.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open original' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith(expect.stringMatching(/^blob:.*#page=2$/), '_blank', 'noopener,noreferrer'));
    await user.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(open).toHaveBeenLastCalledWith(expect.not.stringContaining('#page'), '_blank', 'noopener,noreferrer'));
  });

  it('says when there is no such file', async () => {
    renderFiles('/files/00000000-0000-4000-8000-999999999999');
    expect(await screen.findByText('File not found', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('reads only whole page numbers from 1', () => {
    expect([pageParam('3'), pageParam('0'), pageParam('x'), pageParam(null), pageParam('1.5')]).toEqual([3, null, null, null, null]);
  });
});
