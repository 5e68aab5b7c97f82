// @vitest-environment happy-dom
// The upload modals through the modal host: a Space reader sees the drop zone disabled; an
// editor chooses files (refused ones named), sees their sizes and states, and uploads them.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { UNSUPPORTED_TYPE } from '../../../../../services/files/pure';
import { ACCESS_LEVEL } from '../../../../../services/spaces/pure';
import { useModals, type ModalApi } from '../../../platform/modals/context';
import { MY_FILES, spaceRepository } from '../file-keys';
import { createFilesBackend, fileOf, newClient, Providers, SPACE_UUID } from './upload-test-kit';

const backend = createFilesBackend();
beforeAll(backend.listen);
afterEach(() => {
  cleanup();
  backend.reset();
});
afterAll(backend.close);

let modals: ModalApi;
function Grab() {
  modals = useModals();
  return null;
}
function renderHost() {
  render(
    <Providers client={newClient()}>
      <Grab />
    </Providers>,
  );
}

describe('the upload modals', () => {
  it("shows a Space reader the drop zone disabled ('Drop zone disabled') and no way to upload", async () => {
    backend.configure({ spaceLevel: ACCESS_LEVEL.READER });
    renderHost();
    act(() => void modals.open('spaceUploadFiles', { repository: spaceRepository(SPACE_UUID) }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload files to a Space' });
    expect(await within(dialog).findByText('Drop zone disabled')).toBeInTheDocument();
    expect(within(dialog).getByText('Research')).toBeInTheDocument();
    expect((within(dialog).getByRole('button', { name: 'Browse files' }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(dialog).getByRole('button', { name: 'Upload' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('disables the drop zone for an invited writer too (not yet a member)', async () => {
    backend.configure({ spaceLevel: ACCESS_LEVEL.INVITED_WRITER });
    renderHost();
    act(() => void modals.open('spaceUploadFiles', { repository: spaceRepository(SPACE_UUID) }));
    expect(await screen.findByText('Drop zone disabled')).toBeInTheDocument();
  });

  it('lets a Space editor choose files, lists them with sizes, and uploads them to the Space', async () => {
    backend.configure({ spaceLevel: ACCESS_LEVEL.WRITER });
    const user = userEvent.setup();
    renderHost();
    act(() => void modals.open('spaceUploadFiles', { repository: spaceRepository(SPACE_UUID) }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload files to a Space' });
    expect(await within(dialog).findByText('Drop your files here.')).toBeInTheDocument();
    expect(within(dialog).getByText('Dropped files appear here.')).toBeInTheDocument();

    await user.upload(within(dialog).getByLabelText('Choose files to upload'), [
      fileOf('paper.pdf', 'application/pdf', 1536),
      fileOf('notes.md', 'text/markdown', 12),
    ]);
    fireEvent.drop(within(dialog).getByRole('group', { name: 'Drop zone' }), {
      dataTransfer: { files: [fileOf('folder', ''), fileOf('tool.exe', 'application/x-msdownload')], types: ['Files'] },
    });
    expect(await screen.findByText(UNSUPPORTED_TYPE('tool.exe'))).toBeInTheDocument();

    const list = within(dialog).getByRole('list', { name: 'Chosen files' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['paper.pdf1.5 KB', 'notes.md12 B']);
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));

    await waitFor(() => expect(within(list).getAllByText(/Indexed/)).toHaveLength(2));
    expect(backend.calls.urls).toHaveLength(1);
    expect(backend.calls.urls[0]!.file_repository_info).toEqual({ file_repository_type: 'COLLECTION', owner_id: SPACE_UUID });
    expect(backend.calls.urls[0]!.file_upload_params.map((p) => p.filename)).toEqual(['paper.pdf', 'notes.md']);
    expect(await screen.findByText('2 files synced')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Done' })).toBeInTheDocument();
  });

  it('shows each file’s failure and the error banner in My Files', async () => {
    backend.configure({ bucketRefuses: new Set(['b.txt']) });
    const user = userEvent.setup();
    renderHost();
    act(() => void modals.open('uploadFiles', { repository: MY_FILES }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload files' });
    await user.upload(within(dialog).getByLabelText('Choose files to upload'), [fileOf('a.txt'), fileOf('b.txt')]);
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText('1 file failed: its reason is shown above.')).toBeInTheDocument();
    const row = within(dialog).getByText('b.txt').closest('li')!;
    expect(row.textContent).toContain('Failed to upload file');
  });

  it('names the reason of each refusal beside its file, as the banner promises', async () => {
    backend.configure({
      bucketDenies: new Map([['late.txt', 'Invalid according to Policy: Policy expired.']]),
      bucketUnreachable: new Set(['lost.txt']),
    });
    const user = userEvent.setup();
    renderHost();
    act(() => void modals.open('uploadFiles', { repository: MY_FILES }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload files' });
    await user.upload(within(dialog).getByLabelText('Choose files to upload'), [fileOf('late.txt'), fileOf('lost.txt')]);
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText('2 files failed: their reasons are shown above.')).toBeInTheDocument();
    const row = (name: string) => within(dialog).getByText(name).closest('li')!.textContent;
    expect(row('late.txt')).toContain('Failed to upload file: Invalid according to Policy: Policy expired.');
    expect(row('lost.txt')).toContain('Failed to upload file: the file storage could not be reached');
  });
});
