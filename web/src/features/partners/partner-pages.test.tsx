// @vitest-environment happy-dom
// The partner landing page and the get-the-app screen against the mock API, whose promo codes are
// judged by the server's own rule (mocks/partners.ts): COUPON with the partner's texts, each of the
// seed's refusals, 'Promo Code Applied' for 2 s then LOGIN for a visitor (or the join route when
// signed in), ALREADY_PRO for a subscriber, codes kept in local storage but never "redeem", the
// code taken from the address and masked; the get-the-app screen by device.
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ModalProvider } from '../../app/modals/host';
import { createQueryClient } from '../../platform/query-client';
import { routes } from '../../app/routes';
import { getGetMobileAppMockHandler } from '../../../../generated/msw/partners/partners.msw';
import { withMockServer } from '../../testing/mock-server';
import { rememberedPartner, rememberPartner } from './partner-storage';
import { deviceType } from './device';
import GetTheAppPage, { SCAN_TEXT } from './get-the-app-page';
import { MemoryRouter } from 'react-router';

const mocks = withMockServer('anonymous');

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ModalProvider>
        <RouterProvider router={router} />
      </ModalProvider>
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), router };
}

beforeEach(() => localStorage.clear());
afterEach(() => localStorage.clear());

async function apply(user: ReturnType<typeof userEvent.setup>, code: string) {
  const field = await screen.findByLabelText('Enter your Acme code to continue', {}, { timeout: 5000 });
  await user.clear(field);
  await user.type(field, `${code}{Enter}`);
}

describe('the partner landing page', () => {
  it('shows the partner’s texts; submit waits for a code; each refusal in the seed’s words', async () => {
    const { user } = renderAt('/join/p/acme');
    expect(await screen.findByRole('heading', { name: 'Pro, on Acme' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Acme customers get their first months of Pro free.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Acme Mobile' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    const cases: [string, string][] = [
      ['NOPE', 'Invalid promo code. Please try copying and pasting the code, and check for any typos.'],
      ['OLDCODE', 'This code has expired'],
      ['USEDUP', 'This code has already been redeemed'],
      ['ENTERPRISE', 'Please enter your code on Enterprise flow instead'],
      ['JAPANONLY', 'This coupon is not eligible in your region'],
    ];
    for (const [code, text] of cases) {
      await apply(user, code);
      expect(await screen.findByRole('alert')).toHaveTextContent(text);
    }
    expect(rememberedPartner().discountCode).toBeNull();
  });

  it('a visitor’s good code: Promo Code Applied for 2 s, then LOGIN with the sign-up form; the code is kept', async () => {
    const { user } = renderAt('/join/p/ACME');
    await apply(user, 'WELCOME');
    expect(await screen.findByText('Promo Code Applied')).toBeInTheDocument();
    await waitFor(() => expect(document.querySelector('[data-partner-stage="LOGIN"]')).not.toBeNull(), { timeout: 4000 });
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expect(rememberedPartner()).toEqual({ partnerCode: 'acme', discountCode: 'WELCOME' });
  });

  it('a signed-in person with a first-time code is refused; the join route after a good one', async () => {
    mocks.reset('signed-in');
    const { user, router } = renderAt('/join/p/acme?discount_code=FIRSTTIME');
    const field = await screen.findByLabelText('Enter your Acme code to continue', {}, { timeout: 5000 });
    expect(field).toHaveValue('FIRSTTIME');
    // The partner masks codes: the address no longer carries it.
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This code is only valid for first-time customers');
    await apply(user, 'WELCOME');
    await waitFor(() => expect(router.state.location.pathname).toBe('/join/p/acme/WELCOME'), { timeout: 4000 });
    expect(await screen.findByRole('link', { name: 'Continue to checkout' })).toHaveAttribute('href', '/max/payment?plan=monthly&promotion_code=WELCOME');
  });

  it('an existing subscriber lands in ALREADY_PRO', async () => {
    mocks.reset('signed-in');
    const me = mocks.scenario.state.accounts.find((a) => a.user.id === mocks.scenario.state.signedInId)!;
    me.user = { ...me.user, subscription_status: 'active' };
    renderAt('/join/p/acme');
    expect(
      await screen.findByText('You have subscribed before. This promotion is only for first-time subscribers.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(document.querySelector('[data-partner-stage="ALREADY_PRO"]')).not.toBeNull();
  });

  it('an unknown partner is said plainly', async () => {
    renderAt('/join/p/nobody');
    expect(await screen.findByRole('heading', { name: 'No partner here' }, { timeout: 5000 })).toBeInTheDocument();
  });
});

describe('kept in local storage', () => {
  it('never keeps a code named redeem', () => {
    rememberPartner('acme', 'redeem');
    expect(rememberedPartner()).toEqual({ partnerCode: 'acme', discountCode: null });
    rememberPartner('Redeem', 'SPRING');
    expect(rememberedPartner()).toEqual({ partnerCode: 'acme', discountCode: 'SPRING' });
  });
});

describe('get the app', () => {
  const show = (device: 'ios' | 'android' | 'desktop') =>
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/get-the-app?partner=acme']}>
          <GetTheAppPage device={device} />
        </MemoryRouter>
      </QueryClientProvider>,
    );

  it('on an iPhone: its title, rating, store buttons and Continue in browser, no QR code', async () => {
    show('ios');
    expect(screen.getByRole('heading', { name: 'Install the iPhone App now' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Download for iPhone' })).toHaveAttribute('href', 'https://apps.apple.com/app/id000000');
    // The App Store's figures as the operator configured them (APP_STORE_RATING, APP_STORE_REVIEWS), not Google Play's.
    expect(screen.getByText('4.9 out of 5 · 80K reviews', { exact: false })).toBeInTheDocument();
    expect(screen.queryByText('252K', { exact: false })).toBeNull();
    expect(screen.getByRole('link', { name: 'Continue in browser' })).toHaveAttribute('href', '/');
    expect(screen.queryByText(SCAN_TEXT)).toBeNull();
  });

  it('on Android and on a computer', async () => {
    show('android');
    expect(screen.getByRole('heading', { name: 'Install the Android App now' })).toBeInTheDocument();
    expect(await screen.findByText('4.8 out of 5 · 252K reviews', { exact: false })).toBeInTheDocument();
    act(() => document.body.replaceChildren());
    show('desktop');
    expect(screen.getByRole('heading', { name: 'Get the app now' })).toBeInTheDocument();
    // Each store's configured figures; no made-up default of its own.
    expect(await screen.findByText('App Store: 4.9 out of 5 · 80K reviews')).toBeInTheDocument();
    expect(screen.getByText('Google Play: 4.8 out of 5 · 252K reviews')).toBeInTheDocument();
    expect(screen.queryByText(/(^|[^0-9])52K/)).toBeNull();
    expect(screen.getByText(SCAN_TEXT)).toBeInTheDocument();
    expect(screen.getByLabelText('QR code of this page')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Continue in browser' })).toBeNull();
    expect(await screen.findByRole('img', { name: 'Acme Mobile' })).toBeInTheDocument();
  });

  it('with no store configured: no rating, no QR code, and says the apps are not offered', async () => {
    mocks.server.use(getGetMobileAppMockHandler({ ios_url: null, android_url: null, ios_rating: null, android_rating: null }));
    show('desktop');
    expect(await screen.findByText('The phone apps are not offered on this server yet.')).toBeInTheDocument();
    expect(screen.queryByText('out of 5', { exact: false })).toBeNull();
    expect(screen.queryByLabelText('QR code of this page')).toBeNull();
    expect(screen.queryByText(SCAN_TEXT)).toBeNull();
  });

  it('tells the device from the browser', () => {
    expect(deviceType('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)')).toBe('ios');
    expect(deviceType('Mozilla/5.0 (Linux; Android 15; Pixel 9)')).toBe('android');
    expect(deviceType('Mozilla/5.0 (X11; Linux x86_64)')).toBe('desktop');
  });
});
