// @vitest-environment happy-dom
// The automation modal lists the person's scheduled tasks and price alerts (not their shortcuts)
// and adds one; the Space video modal explains Spaces in steps and leads to creating one.
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createTask } from '../../../../generated/react-query/tasks/tasks';
import { ModalProvider } from '../../app/modals/host';
import type { ModalName } from '../../platform/modals/catalogue';
import { useModals } from '../../platform/modals/context';
import { createQueryClient } from '../../platform/query-client';
import { withMockServer } from '../../testing/mock-server';

withMockServer('signed-in');

function Opener({ name }: { name: ModalName }) {
  const { open } = useModals();
  return (
    <button type="button" onClick={() => (open as (n: ModalName) => void)(name)}>
      Open
    </button>
  );
}

async function openModal(name: ModalName, title: string) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <ModalProvider>
            <Opener name={name} />
          </ModalProvider>
        ),
      },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Open' }));
  return { user, dialog: await screen.findByRole('dialog', { name: title }, { timeout: 5000 }) };
}

describe('automation', () => {
  it('lists scheduled tasks, leaves shortcuts out, and adds one', async () => {
    await createTask({
      task_type: 'SCHEDULE',
      title: 'Morning news',
      query: { prompt: 'What happened overnight?' },
      schedule: { kind: 'DAILY', hour: 7, minute: 0 },
      tzid: 'UTC',
    });
    await createTask({ task_type: 'SHORTCUT', title: 'Summarise', query: { prompt: 'Summarise this' } });
    const { user, dialog } = await openModal('automation', 'Automation');
    expect(await within(dialog).findByText('Morning news', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(within(dialog).queryByText('Summarise')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'New scheduled task' }));
    expect(await screen.findByRole('dialog', { name: /scheduled task/i }, { timeout: 5000 })).toBeInTheDocument();
  });
});

describe('the Space video modal', () => {
  it('explains a Space in four steps and leads to creating one', async () => {
    const { user, dialog } = await openModal('spaceVideo', 'Spaces');
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(4);
    await user.click(within(dialog).getByRole('button', { name: 'Create a Space' }));
    expect(await screen.findByRole('dialog', { name: /Space/ }, { timeout: 5000 })).toBeInTheDocument();
  });
});
