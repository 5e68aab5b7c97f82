// @vitest-environment happy-dom
// The Files section of a Space page against the mock: an editor sees each file's status (Ready,
// 'Sync error') with Add files opening the Space upload modal and Delete; a reader sees the files
// with Download only.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { withMockServer } from '../../testing/mock-server';
import { SPACE_ACCESS } from '../../../../services/spaces/pure';
import { addSpace, renderApp } from '../spaces/space-test-kit';
import { FILE_TEXT } from './file-texts';
import { addFile } from './files-test-kit';

const mocks = withMockServer('signed-in');

const inSpace = (uuid: string) => ({ file_repository_info: { file_repository_type: 'COLLECTION' as const, owner_id: uuid } });

describe('Space files', () => {
  it('shows an editor the statuses, Add files and Delete', async () => {
    const space = addSpace(mocks);
    addFile(mocks, { filename: 'paper.pdf', ...inSpace(space.uuid) });
    addFile(mocks, { filename: 'scan.pdf', file_state: 'FAILED', error: 'Indexing failed', ...inSpace(space.uuid) });
    addFile(mocks, { filename: 'mine-only.txt' }); // in My Files, not the Space
    const { user } = renderApp(`/spaces/${space.slug}`);
    const list = await screen.findByRole('list', { name: 'Space files' }, { timeout: 5000 });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label')),
    ).toEqual(['scan.pdf', 'paper.pdf']);
    expect(within(within(list).getByRole('listitem', { name: 'paper.pdf' })).getByText(FILE_TEXT.ready)).toBeInTheDocument();
    expect(within(within(list).getByRole('listitem', { name: 'scan.pdf' })).getByText('Sync error')).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Delete paper.pdf' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add files' }));
    expect(await screen.findByRole('dialog', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('shows a reader the files with Download only', async () => {
    const space = addSpace(mocks, { ownedByOther: true, access: SPACE_ACCESS.ANYONE_WITH_LINK });
    addFile(mocks, { filename: 'shared.pdf', uploaded_by: 'olga@example.com', ...inSpace(space.uuid) });
    renderApp(`/spaces/${space.slug}`);
    const list = await screen.findByRole('list', { name: 'Space files' }, { timeout: 5000 });
    expect(within(list).getByRole('button', { name: 'Download shared.pdf' })).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: 'Delete shared.pdf' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add files' })).not.toBeInTheDocument();
  });
});
