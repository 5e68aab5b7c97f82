// @vitest-environment happy-dom
// The try-on in the app against the mock API (the server's rules): the onboarding from an
// uploaded selfie, the seed's upload refusals, a failed generation back at choose_body, closing
// while the avatar is generated (auto-saved, with the seed's toast and "Check it out"), and a
// product tried on with TryOnButton; a server without an image provider says so.
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, HttpResponse, http } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { getGetServerFeaturesMockHandler } from '../../../../../generated/msw/system/system.msw';
import { MOCK_FEATURES } from '../../../../../mocks/server-features';
import { ModalProvider } from '../../../app/modals/host';
import { routes } from '../../../app/routes';
import { createQueryClient } from '../../../platform/query-client';
import { withMockServer } from '../../../testing/mock-server';
import { resetOnboardingForTests } from './onboarding-store';
import { TRY_ON_TEXT } from './texts';
import { TryOnButton } from './try-on-button';

const mocks = withMockServer('signed-in');
afterEach(resetOnboardingForTests);

const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0));
const selfie = () => new File([PNG], 'me.png', { type: 'image/png' });

async function openOnboarding() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/account/details'] })} />
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Your avatar photo' }, { timeout: 5000 }));
  const management = await screen.findByRole('dialog', { name: 'Your avatar photo' });
  await user.click(await within(management).findByRole('button', { name: 'Create your avatar' }));
  await user.click(within(await screen.findByRole('dialog', { name: 'Try on clothes with your avatar' })).getByRole('button', { name: 'Create your avatar' }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Create your avatar' }) };
}

describe('the try-on onboarding', () => {
  it('refuses what is not an image or over 10 MB with the seed’s words, then takes a selfie upload to choose_body', async () => {
    const { user, dialog } = await openOnboarding();
    const input = within(dialog).getByLabelText('Upload a selfie');
    // The picker offers images only; a file dropped past it is still refused.
    await userEvent.setup({ applyAccept: false }).upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText(TRY_ON_TEXT.onlyImages)).toBeInTheDocument();
    await user.upload(input, new File([new Uint8Array(10_485_761)], 'big.png', { type: 'image/png' }));
    expect(await screen.findByText(TRY_ON_TEXT.tooLarge)).toBeInTheDocument();
    await user.upload(input, selfie());
    expect(await screen.findByRole('dialog', { name: 'Choose a body' })).toBeInTheDocument();
  });

  it('a failed generation says so and returns to choose_body', async () => {
    const { user, dialog } = await openOnboarding();
    await user.upload(within(dialog).getByLabelText('Upload a selfie'), selfie());
    mocks.server.use(
      http.post('*/rest/shopping/try-on-photo/generate-avatar', () => HttpResponse.json({ code: 'try_on_failed', status: 503 }, { status: 503 }), {
        once: true,
      }),
    );
    await user.click(within(await screen.findByRole('dialog', { name: 'Choose a body' })).getByRole('button', { name: 'Use a default body' }));
    expect(await screen.findByText(TRY_ON_TEXT.generateAvatarFailed)).toBeInTheDocument();
    expect(await screen.findByRole('dialog', { name: 'Choose a body' })).toBeInTheDocument();
  });

  it('closed while generating, the avatar is saved when it comes, with the toast and Check it out', async () => {
    const { user, dialog } = await openOnboarding();
    await user.upload(within(dialog).getByLabelText('Upload a selfie'), selfie());
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    mocks.server.use(
      http.post(
        '*/rest/shopping/try-on-photo/generate-avatar',
        async () => {
          await held;
          await delay(10);
          return undefined;
        },
        { once: true },
      ),
    );
    await user.click(within(await screen.findByRole('dialog', { name: 'Choose a body' })).getByRole('button', { name: 'Use a default body' }));
    expect(await screen.findByRole('status', { name: 'Generating your avatar…' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Generating your avatar' })).not.toBeInTheDocument());
    release();
    expect(await screen.findByText(TRY_ON_TEXT.avatarGenerated, {}, { timeout: 5000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: TRY_ON_TEXT.checkItOut }));
    const management = await screen.findByRole('dialog', { name: 'Your avatar photo' });
    expect(await within(management).findByRole('img', { name: 'Your avatar' })).toBeInTheDocument();
  });
});

describe('TryOnButton', () => {
  it('tries a product on the saved avatar', async () => {
    const { user, dialog } = await openOnboarding();
    await user.upload(within(dialog).getByLabelText('Upload a selfie'), selfie());
    await user.click(within(await screen.findByRole('dialog', { name: 'Choose a body' })).getByRole('button', { name: 'Use a default body' }));
    const confirm = await screen.findByRole('dialog', { name: 'Your avatar' });
    await user.click(within(confirm).getByRole('button', { name: 'Save avatar' }));
    expect(await screen.findByText(TRY_ON_TEXT.avatarUpdated)).toBeInTheDocument();
    cleanupAndRenderButton();
    await user.click(await screen.findByRole('button', { name: 'Try it on' }, { timeout: 5000 }));
    expect(await screen.findByRole('img', { name: 'You wearing this product' })).toBeInTheDocument();
  });

  it('tries on at once with an avatar just saved, before the avatar is read again (a CI run opened the onboarding again)', async () => {
    cleanupAndRenderButton();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Try it on' }, { timeout: 5000 }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Try on clothes with your avatar' })).getByRole('button', { name: 'Create your avatar' }),
    );
    await user.upload(within(await screen.findByRole('dialog', { name: 'Create your avatar' })).getByLabelText('Upload a selfie'), selfie());
    await user.click(within(await screen.findByRole('dialog', { name: 'Choose a body' })).getByRole('button', { name: 'Use a default body' }));
    const confirm = await screen.findByRole('dialog', { name: 'Your avatar' });
    // From here the avatar is never read again: only the save's answer can tell the button.
    mocks.server.use(http.get('*/rest/shopping/try-on-photo/get', () => new Promise<Response>(() => {})));
    await user.click(within(confirm).getByRole('button', { name: 'Save avatar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Your avatar' })).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Try it on' }));
    expect(await screen.findByRole('img', { name: 'You wearing this product' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Try on clothes with your avatar' })).not.toBeInTheDocument();
  });

  it('says plainly when the server has no image provider', async () => {
    mocks.server.use(getGetServerFeaturesMockHandler({ ...MOCK_FEATURES, try_on: false }));
    cleanupAndRenderButton();
    expect(await screen.findByText(TRY_ON_TEXT.unavailable)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try it on' })).not.toBeInTheDocument();
  });
});

function cleanupAndRenderButton() {
  cleanup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ModalProvider>
        <TryOnButton productImageUrl="https://shop.example.com/jacket.png" />
      </ModalProvider>
    </QueryClientProvider>,
  );
}
