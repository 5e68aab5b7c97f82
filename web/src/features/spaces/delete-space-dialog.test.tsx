// @vitest-environment happy-dom
// Deleting a Space against the mock API: the confirmation, removal from the list at once, the
// move to /spaces, and the list put back with "Failed to delete collection" when it fails.
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { gate } from '../../../../tests/support/gate';
import { describe, expect, it } from 'vitest';
import { withMockServer } from '../../testing/mock-server';
import { problem } from '../../../../mocks/problem';
import type { MockSpace } from '../../../../mocks/spaces';
import { DELETE_SPACE_TITLE, useDeleteSpaceDialog } from './delete-space-dialog';
import { putSpace, renderRoutes, where } from './spaces-test-kit';
import SpacesPage from './spaces-page';

const mocks = withMockServer('signed-in');

/** What the Space page or its settings do: a Delete button and the dialog. */
function DeleteButton({ space }: { space: MockSpace }) {
  const { askToDelete, deleteDialog } = useDeleteSpaceDialog();
  return (
    <>
      <button type="button" onClick={() => askToDelete(space)}>
        Delete Space
      </button>
      {deleteDialog}
    </>
  );
}

const setup = (space: MockSpace, path: string) =>
  renderRoutes(
    [
      { path: '/spaces', element: <SpacesPage /> },
      { path: '/spaces/:slug', element: <p>A Space</p> },
    ],
    path,
    <DeleteButton space={space} />,
  );
const spaceLinks = () => within(screen.getByRole('list', { name: 'Spaces' })).queryAllByRole('link', { name: /Garden/ });

describe('deleting a Space', () => {
  it('asks first, saying the threads stay, then deletes and goes to /spaces', async () => {
    const space = putSpace(mocks, { title: 'Garden' });
    const { user } = setup(space, `/spaces/${space.slug}`);
    await user.click(screen.getByRole('button', { name: 'Delete Space' }));
    const confirm = await screen.findByRole('alertdialog', { name: DELETE_SPACE_TITLE });
    expect(confirm.textContent).toContain('Its threads are not deleted');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(mocks.scenario.state.spaces).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Delete Space' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(where()).toBe('/spaces'), { timeout: 5000 });
    expect(mocks.scenario.state.spaces).toHaveLength(0);
    expect(await screen.findByText('No Spaces yet', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('takes the Space off the list at once and puts it back when deleting fails', async () => {
    const space = putSpace(mocks, { title: 'Garden' });
    const answer = gate();
    mocks.server.use(
      http.delete('*/rest/collections/delete_collection/:uuid', async () => {
        await answer.held;
        return problem(403, 'not_space_owner', 'Only the owner can delete this Space.');
      }),
    );
    const { user } = setup(space, '/spaces');
    await waitFor(() => expect(spaceLinks()).toHaveLength(1), { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Delete Space' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(spaceLinks()).toHaveLength(0));
    answer.release();
    expect(await screen.findByText('Failed to delete collection', {}, { timeout: 5000 })).toBeInTheDocument();
    // The restored cache reaches the list on React Query's next tick, the toast at once.
    await waitFor(() => expect(spaceLinks()).toHaveLength(1));
    expect(where()).toBe('/spaces');
  });
});
