// Component tests of one modal: renders the modal host inside a router (at '/') with a button
// that opens `name`, clicks it, and returns the dialog once its lazily loaded body is in.
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ModalProvider } from '../app/modals/host';
import type { ModalName } from '../platform/modals/catalogue';
import { type OpenArgs, useModals } from '../platform/modals/context';
import { testQueryClient } from './query-clients';

function Opener({ name, args }: { name: ModalName; args: unknown[] }) {
  const { open } = useModals();
  return (
    <button type="button" onClick={() => (open as (n: ModalName, ...a: unknown[]) => void)(name, ...args)}>
      Open
    </button>
  );
}

/** Opens modal `name` (with its arguments, for a modal that takes them) and waits for its dialog, named `title`. */
export async function openModal<N extends ModalName>(name: N, title: string | RegExp, ...args: OpenArgs<N>) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <ModalProvider>
            <Opener name={name} args={args} />
          </ModalProvider>
        ),
      },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <QueryClientProvider client={testQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Open' }));
  return { user, router, dialog: await screen.findByRole('dialog', { name: title }, { timeout: 5000 }) };
}
