// An account's address and password in the browser, with the server sending real mail to an SMTP
// listener: verify the address by the mailed link, reset a forgotten password by mail, change
// the password and the address on /account/details.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer } from '../fakes/smtp';
import { signUp, startE2E, type E2E } from './support';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let e2e: E2E;
let page: Page;
beforeAll(async () => {
  smtp = await startSmtpServer();
  e2e = await startE2E({ env: { SMTP_URL: smtp.url } });
  page = await e2e.page();
});
afterAll(async () => {
  await e2e?.close();
  await smtp?.close();
});

const account = { name: 'Mila Mail', email: `mila-${Date.now()}@example.com`, password: 'a-good-long-password' };
const banner = () => page.getByRole('status').filter({ hasText: 'Verify your email address' });
const dialog = () => page.getByRole('dialog');

async function signIn(password: string) {
  await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name: 'Sign in' }).click();
  await dialog().getByLabel('Email').fill(account.email);
  await dialog().getByLabel('Password').fill(password);
  await dialog().getByRole('button', { name: 'Sign in', exact: true }).click();
}

describe('an account’s address and password', () => {
  it('signs up, is told to check the inbox (as for a taken address), and the mailed link verifies and signs in', async () => {
    await page.goto('/');
    await signUp(page, account);
    const checkInbox = `Check your inbox: we sent a mail to ${account.email} with a link to finish signing up.`;
    await dialog().getByText(checkInbox).waitFor();
    // Nobody is signed in; a second sign-up with the address is answered the same, its owner mailed.
    await page.reload();
    await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name: 'Sign in' }).waitFor();
    await signUp(page, { ...account, name: 'Someone Else', password: 'another-long-password' });
    await dialog().getByText(checkInbox).waitFor();
    await smtp.mail(account.email, 'Someone tried to sign up with your address');

    const link = await smtp.link(account.email, '/verify-email');
    await page.goto(link.pathname + link.search);
    await page.getByText(`${account.email} is verified. Thank you!`).waitFor();
    await page.getByRole('complementary', { name: 'Sidebar' }).getByText(account.name).waitFor();
    await page.goto('/account/details');
    await page.getByText('(verified)').waitFor();
    expect(await banner().count()).toBe(0);
  });

  it('changes the password on the account page, which lists this device as signed in', async () => {
    await page.getByRole('list', { name: 'Signed-in devices' }).getByText('(this device)').waitFor();
    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current password').fill('not-the-password');
    await form.getByLabel('New password').fill('another-long-password');
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByRole('alert').filter({ hasText: 'The current password is not right.' }).waitFor();

    await form.getByLabel('Current password').fill(account.password);
    await form.getByLabel('New password').fill('another-long-password');
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByText('Your password is changed.').waitFor();
    account.password = 'another-long-password';
  });

  it('chooses a username and a picture on the account page', async () => {
    const username = `mila_${Date.now().toString(36)}`;
    const form = page.getByRole('form', { name: 'Your username' });
    await form.getByLabel('Username').fill(username.toUpperCase());
    await form.getByRole('button', { name: 'Save username' }).click();
    await form.getByText('Your username is saved.').waitFor();

    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    await page.getByLabel('Upload a picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await page.getByText('Your picture is saved.').waitFor();
    const picture = page.getByRole('img', { name: account.name, exact: true });
    await picture.waitFor();
    // Visible is not loaded: the bytes come from the picture's own address.
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 10_000 }).toBe(1);
    await page.reload();
    expect(await page.getByRole('form', { name: 'Your username' }).getByLabel('Username').inputValue()).toBe(username);
  });

  it('resets a forgotten password by the mailed link, once', async () => {
    await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name: 'Sign in' }).waitFor();
    await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name: 'Sign in' }).click();
    await dialog().getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL((u) => u.pathname === '/forgot-password');
    expect(await dialog().count()).toBe(0);
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Mail me a link' }).click();
    await page.getByText('If an account has this address, we mailed it a link').waitFor();

    const link = await smtp.link(account.email, '/reset-password');
    await page.goto(link.pathname + link.search);
    await page.getByLabel('New password', { exact: true }).fill('a-third-long-password');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await page.getByText('Your password is changed and every device was signed out.').waitFor();

    // The link works once.
    await page.goto(link.pathname + link.search);
    await page.getByLabel('New password', { exact: true }).fill('a-fourth-long-password');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await page.getByRole('alert').filter({ hasText: 'This link is not valid any more' }).waitFor();

    await page.goto('/');
    await signIn('a-third-long-password');
    await page.getByText(`Signed in as ${account.name}`).waitFor();
    account.password = 'a-third-long-password';
  });

  it('changes the address: the new one opens its link, the old one is told, sign-in takes the new one', async () => {
    const oldEmail = account.email;
    const newEmail = `mila-new-${Date.now()}@example.com`;
    await page.goto('/account/details');
    await page.getByRole('button', { name: 'Change email' }).click();
    const form = page.getByRole('form', { name: 'Change email' });
    await form.getByLabel('New email').fill(newEmail);
    await form.getByLabel('Current password').fill(account.password);
    await form.getByRole('button', { name: 'Send the link' }).click();
    await form.getByText(`We sent a link to ${newEmail}. Open it to finish; until then your address stays ${oldEmail}.`).waitFor();

    const link = await smtp.link(newEmail, '/verify-email');
    await page.goto(link.pathname + link.search);
    await page.getByText(`Your account's address is now ${newEmail}.`).waitFor();
    expect((await smtp.mail(oldEmail, 'Your email address was changed')).text).toContain(`The address of your account is now ${newEmail}`);

    await page.goto('/account/details');
    await page.getByText(`${newEmail} (verified)`).waitFor();
    await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name: 'Sign out' }).click();
    account.email = newEmail;
    await signIn(account.password);
    await page.getByText(`Signed in as ${account.name}`).waitFor();
  });
});
