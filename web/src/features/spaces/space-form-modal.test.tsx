// @vitest-environment happy-dom
// The Space form in the real modal host against the mock API: Continue's rules with the red
// counts, the discard confirmation, and editing, applied at once and put back on failure.
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { gate } from '../../../../tests/support/gate';
import { describe, expect, it } from 'vitest';
import { useGetCollection } from '../../../../generated/react-query/collections/collections';
import type { Collection } from '../../../../generated/react-query/model';
import { withMockServer } from '../../testing/mock-server';
import { problem } from '../../../../mocks/problem';
import { SPACE_LIMITS } from '../../../../services/spaces/pure';
import { useModals } from '../../platform/modals/context';
import { putSpace, renderRoutes } from './spaces-test-kit';
import SpacesPage from './spaces-page';

const mocks = withMockServer('signed-in');

/** Stands in for the Space page: its title from get_collection, and an Edit button. */
function SpaceTitle({ slug }: { slug: string }) {
  const modals = useModals();
  const space = useGetCollection({ collection_slug: slug }, { query: { select: (r) => r.data as Collection } }).data;
  if (!space) return null;
  return (
    <section aria-label="Current Space">
      <h2>{space.title}</h2>
      <button type="button" onClick={() => modals.open('collectionCreateEdit', { collection: space })}>
        Edit Space
      </button>
    </section>
  );
}

const setup = (slug = '') =>
  renderRoutes(
    [
      { path: '/spaces', element: <SpacesPage /> },
      { path: '/spaces/:slug', element: <p>A Space</p> },
    ],
    '/spaces',
    slug ? <SpaceTitle slug={slug} /> : null,
  );
const openCreate = async (user: ReturnType<typeof setup>['user']) => {
  // The header's button (an empty list offers a second one).
  await user.click((await screen.findAllByRole('button', { name: 'Create a Space' }, { timeout: 5000 }))[0]!);
  return screen.findByRole('dialog', { name: 'Create a Space' }, { timeout: 5000 });
};
const count = (dialog: HTMLElement, field: string) => dialog.querySelector<HTMLElement>(`[data-count="${field}"]`)!;
const continueButton = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Continue' }) as HTMLButtonElement;

describe('the Space form', () => {
  it('disables Continue for a blank title and for an over-long description, whose count turns red', async () => {
    const { user } = setup();
    const dialog = await openCreate(user);
    expect(continueButton(dialog).disabled).toBe(true);
    expect(count(dialog, 'title').textContent).toMatch(new RegExp(`^${SPACE_LIMITS.title}`));

    await user.type(within(dialog).getByLabelText(/^Title/), '   ');
    expect(continueButton(dialog).disabled).toBe(true);
    await user.type(within(dialog).getByLabelText(/^Title/), 'Garden');
    expect(continueButton(dialog).disabled).toBe(false);

    const description = within(dialog).getByLabelText(/^Description/);
    await user.click(description);
    await user.paste('x'.repeat(SPACE_LIMITS.description + 3));
    expect(count(dialog, 'description').textContent).toMatch(/^-3/);
    expect(count(dialog, 'description').className).toContain('text-red-600');
    expect(description.getAttribute('aria-invalid')).toBe('true');
    expect(continueButton(dialog).disabled).toBe(true);

    await user.type(description, '{Backspace}{Backspace}{Backspace}');
    expect(count(dialog, 'description').textContent).toMatch(/^0/);
    expect(count(dialog, 'description').className).not.toContain('text-red-600');
    expect(continueButton(dialog).disabled).toBe(false);
  });

  it('asks before a dirty form closes, and closes a clean one at once', async () => {
    const { user } = setup();
    let dialog = await openCreate(user);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    dialog = await openCreate(user);
    await user.type(within(dialog).getByLabelText(/^Title/), 'Half a thought');
    await user.keyboard('{Escape}');
    const confirm = await screen.findByRole('alertdialog', { name: 'Discard any unsaved changes?' });
    await user.click(within(confirm).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect((within(dialog).getByLabelText(/^Title/) as HTMLInputElement).value).toBe('Half a thought');

    // The host's Close button asks too; Cancel does the same.
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Keep editing' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(mocks.scenario.state.spaces).toEqual([]);
  });

  it('keeps the form open with "Failed to create collection" when creating fails', async () => {
    mocks.server.use(http.post('*/rest/collections/create_collection', () => problem(400, 'invalid_title', 'Give the Space a title.')));
    const { user } = setup();
    const dialog = await openCreate(user);
    await user.type(within(dialog).getByLabelText(/^Title/), 'Garden');
    await user.click(continueButton(dialog));
    expect(await screen.findByText('Failed to create collection', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Create a Space' })).toBeInTheDocument();
    expect(continueButton(dialog).disabled).toBe(false);
  });

  it('edits a Space at once and keeps the change', async () => {
    const space = putSpace(mocks, { title: 'Garden' });
    const { user } = setup(space.slug);
    const current = await screen.findByRole('region', { name: 'Current Space' }, { timeout: 5000 });
    await user.click(within(current).getByRole('button', { name: 'Edit Space' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Space' }, { timeout: 5000 });
    await user.clear(within(dialog).getByLabelText(/^Title/));
    await user.type(within(dialog).getByLabelText(/^Title/), 'Allotment');
    await user.click(within(dialog).getByRole('radio', { name: 'Emoji 🌱' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(current).getByRole('heading').textContent).toBe('Allotment'));
    await waitFor(() => expect(space).toMatchObject({ title: 'Allotment', emoji: '1f331' }), { timeout: 5000 });
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Spaces' })).getByRole('link', { name: /Allotment/ })).toBeInTheDocument());
  });

  it('puts the previous title back when an edit fails, with "Failed to edit collection"', async () => {
    const space = putSpace(mocks, { title: 'Garden' });
    const answer = gate();
    mocks.server.use(
      http.post('*/rest/collections/edit_collection/:uuid', async () => {
        await answer.held;
        return problem(403, 'not_space_writer', 'Only writers of this Space can change it.');
      }),
    );
    const { user } = setup(space.slug);
    const current = await screen.findByRole('region', { name: 'Current Space' }, { timeout: 5000 });
    await within(screen.getByRole('list', { name: 'Spaces' })).findByRole('link', { name: /Garden/ }, { timeout: 5000 });
    await user.click(within(current).getByRole('button', { name: 'Edit Space' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Space' }, { timeout: 5000 });
    await user.clear(within(dialog).getByLabelText(/^Title/));
    await user.type(within(dialog).getByLabelText(/^Title/), 'Allotment');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    // At once, in the Space and in the list, before the server has answered.
    await waitFor(() => expect(within(current).getByRole('heading').textContent).toBe('Allotment'));
    expect(within(screen.getByRole('list', { name: 'Spaces' })).getByRole('link', { name: /Allotment/ })).toBeInTheDocument();
    answer.release();
    expect(await screen.findByText('Failed to edit collection', {}, { timeout: 5000 })).toBeInTheDocument();
    // The toast renders at once; the restored cache reaches its readers on React Query's next tick.
    await waitFor(() => expect(within(current).getByRole('heading').textContent).toBe('Garden'));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Spaces' })).getByRole('link', { name: /Garden/ })).toBeInTheDocument());
    expect(space.title).toBe('Garden');
  });
});
