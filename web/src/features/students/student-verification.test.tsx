// @vitest-environment happy-dom
// Student verification against the mock API (the server's deciders): a non-school address is
// refused with the server's text, a school address gets a code, a wrong code is refused, the right
// one shows the student offer and its checkout; the redirect modal enters a mailed link's code;
// student referrals point to verification.
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { sendStudentVerificationCode } from '../../../../generated/react-query/students/students';
import { MOCK_STUDENT_CODE, MOCK_STUDENT_OFFER, studentHandlers } from '../../../../mocks/students';
import { ModalProvider } from '../../app/modals/host';
import { withMockServer } from '../../testing/mock-server';
import { openModal } from '../../testing/open-modal-test-kit';
import { testQueryClient } from '../../testing/query-clients';
import { StudentCodeLink } from './student-code-link';
import { STUDENTS_NOT_VERIFIED_HERE } from './student-verification-modal';

const mocks = withMockServer('signed-in');

describe('student verification', () => {
  it('mails a code to a school address only, refuses a wrong code and shows the offer once verified', async () => {
    const { user, router, dialog } = await openModal('studentVerification', 'Student verification');
    const email = await within(dialog).findByLabelText('School email', {}, { timeout: 5000 });
    await user.type(email, 'me@gmail.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    expect(await within(dialog).findByText(/not at a school this server knows/)).toBeInTheDocument();
    await user.clear(email);
    await user.type(email, 'me@university.edu');
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    expect(await within(dialog).findByText(/We mailed a code to me@university.edu/)).toBeInTheDocument();
    const code = within(dialog).getByLabelText('Code');
    await user.type(code, '000000');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog).findByText(/That code is not right/)).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, MOCK_STUDENT_CODE);
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog).findByText(/You are verified as a student \(me@university.edu\)/)).toBeInTheDocument();
    expect(within(dialog).getByText(MOCK_STUDENT_OFFER.description)).toBeInTheDocument();
    // The checkout asks for the offer; the server applies its code, which the browser never has.
    expect(within(dialog).queryByText(/Code /)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Get Pro with the student offer' }));
    expect(router.state.location.pathname).toBe('/max/payment');
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ tier: 'pro', plan: 'monthly', student_offer: '1' });
  });

  it('the mailed link opens the redirect modal, which enters its code and shows the offer', async () => {
    await sendStudentVerificationCode({ email: 'me@mit.edu' });
    const router = createMemoryRouter(
      [
        {
          path: '*',
          element: (
            <ModalProvider>
              <StudentCodeLink />
            </ModalProvider>
          ),
        },
      ],
      { initialEntries: [`/?student_code=${MOCK_STUDENT_CODE}`] },
    );
    render(
      <QueryClientProvider client={testQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Student verification' }, { timeout: 5000 });
    expect(await within(dialog).findByText(/You are verified as a student \(me@mit.edu\)/, {}, { timeout: 5000 })).toBeInTheDocument();
    // The code leaves the address, so a reload does not enter it again.
    expect(router.state.location.search).toBe('');
  });

  it('student referrals say there is no referral programme and lead to verification', async () => {
    const { user, dialog } = await openModal('studentReferrals', 'Student referrals');
    expect(within(dialog).getByText(/runs no referral programme/)).toBeInTheDocument();
    await user.click(await within(dialog).findByRole('button', { name: 'Student verification' }));
    expect(await screen.findByRole('dialog', { name: 'Student verification' }, { timeout: 5000 })).toBeInTheDocument();
  });
});

describe('on a server that lists no school domains', () => {
  it('says plainly that it verifies no students', async () => {
    mocks.server.use(...studentHandlers({ state: () => mocks.scenario.state, changed: () => {}, mode: 'off' }));
    const { dialog } = await openModal('studentVerification', 'Student verification');
    expect(await within(dialog).findByText(STUDENTS_NOT_VERIFIED_HERE, {}, { timeout: 5000 })).toBeInTheDocument();
  });
});
