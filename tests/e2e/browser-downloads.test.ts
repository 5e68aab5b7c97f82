// The assistant browser in the browser, with the server sending real mail to an SMTP listener:
// an administrator issues an invite code on /mail, a person checks it (dry run) and claims it on
// /download with the links mailed, a visitor has the download link mailed, and a download button
// shows 'Comet download started...'.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDubFake } from '../fakes/dub';
import { startSmtpServer } from '../fakes/smtp';
import { signUp, startE2E, type E2E } from './support';

// Nothing listens on the discard port: a download tab opened in the test fails at once, offline.
const DOWNLOADS = 'http://127.0.0.1:9/browser';
const SUBJECT = 'Your assistant browser download';
const admin = { name: 'Ada Admin', email: `ada-${Date.now()}@admin.example`, password: 'a-good-long-password' };
const person = { name: 'Ivo Invite', email: `ivo-${Date.now()}@example.com`, password: 'a-good-long-password' };

const DUB_KEY = 'dub_e2e_key_0123456789';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let dub: Awaited<ReturnType<typeof startDubFake>>;
let e2e: E2E;
beforeAll(async () => {
  smtp = await startSmtpServer();
  dub = await startDubFake(DUB_KEY);
  e2e = await startE2E({
    env: { SMTP_URL: smtp.url, ADMIN_EMAILS: admin.email, BROWSER_DOWNLOAD_BASE_URL: DOWNLOADS, DUB_API_KEY: DUB_KEY, DUB_API_BASE: dub.url },
  });
});
afterAll(async () => {
  await e2e?.close();
  await smtp?.close();
  await dub?.close();
});

async function verifiedSignUp(page: Page, account: typeof admin) {
  await page.goto('/');
  await signUp(page, account);
  const link = await smtp.link(account.email, '/verify-email');
  await page.goto(link.pathname + link.search);
  await page.getByText(`${account.email} is verified. Thank you!`).waitFor();
}

describe('attribution', () => {
  it("a sign-up after a Dub link is reported to Dub as a lead with the link's click id", async () => {
    const page = await e2e.page();
    await page.context().addCookies([{ name: 'dub_id', value: 'clk_e2e_1', url: e2e.url }]);
    await page.goto('/?ref=partner_7');
    const lea = { name: 'Lea Lead', email: `lea-${Date.now()}@example.com`, password: 'a-good-long-password' };
    // Where mail leaves, the sign-up finishes (and its lead is reported) when the mailed link is opened.
    await signUp(page, lea);
    const link = await smtp.link(lea.email, '/verify-email');
    await page.goto(link.pathname + link.search);
    await page.getByText(`${lea.email} is verified. Thank you!`).waitFor();
    const deadline = Date.now() + 10_000;
    while (!dub.leads.some((l) => l.body.clickId === 'clk_e2e_1') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(dub.leads.find((l) => l.body.clickId === 'clk_e2e_1')).toMatchObject({
      authorization: `Bearer ${DUB_KEY}`,
      body: { eventName: 'Sign Up', customerName: 'Lea Lead', mode: 'async', metadata: { promotion: 'partner_7' } },
    });
  });
});

describe('the assistant browser', () => {
  let code = '';

  it('an administrator issues an invite code on /mail', async () => {
    const page = await e2e.page();
    await verifiedSignUp(page, admin);
    await page.goto('/mail');
    const issue = page.getByRole('form', { name: 'Issue invite codes' });
    await issue.getByRole('button', { name: 'Issue codes' }).click();
    const row = page.getByRole('table', { name: 'Invite codes' }).getByRole('row').nth(1);
    await row.waitFor();
    code = (await row.getByRole('cell').first().textContent()) ?? '';
    expect(code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    await row.getByText('0 of 1').waitFor();
  });

  it('a person checks the code, claims it, and gets the links by mail', async () => {
    const page = await e2e.page();
    await verifiedSignUp(page, person);
    await page.goto('/download');
    const form = page.getByRole('form', { name: 'Invite code' });
    await form.getByLabel('Invite code').fill(code.toLowerCase());
    await form.getByRole('button', { name: 'Check code' }).click();
    await form.getByRole('status').filter({ hasText: 'This invite code is valid.' }).waitFor();
    expect(await form.getByLabel('Email me the download links').isChecked()).toBe(true);
    await form.getByRole('button', { name: 'Claim invite' }).click();
    await page.getByText(`You have access to the assistant browser (invite code ${code}).`).waitFor();
    const mail = await smtp.mail(person.email, SUBJECT);
    expect(mail.text).toContain(`${DOWNLOADS}?channel=stable&platform=win_x64&mini=1`);
    expect(mail.text).toContain(`${DOWNLOADS}?channel=stable&platform=mac_arm64`);
    await page.reload();
    await page.getByText(`You have access to the assistant browser (invite code ${code}).`).waitFor();
  });

  it('a visitor has the download link mailed to an address', async () => {
    const page = await e2e.page();
    await page.goto('/download?partner_code=acme');
    const to = `friend-${Date.now()}@example.com`;
    const form = page.getByRole('form', { name: 'Email me the download link' });
    await form.getByLabel('Email').fill(to);
    await form.getByRole('button', { name: 'Email me the download link' }).click();
    await form
      .getByRole('status')
      .filter({ hasText: `Download link sent to ${to}.` })
      .waitFor();
    expect((await smtp.mail(to, SUBJECT)).text).toContain(`${DOWNLOADS}?channel=stable&platform=mac_arm64`);
    await page.getByText('Sign in to enter an invite code.').waitFor();
  });

  it('a download button shows the download toast, opens the download, and the toast goes after its 5 s', async () => {
    const page = await e2e.page();
    // The page's own clock, so the toast's 5 s pass at once instead of in real time.
    await page.clock.install();
    await page.goto('/download');
    const windows = page.getByRole('link', { name: 'Download for Windows' });
    expect(await windows.getAttribute('href')).toBe(`${DOWNLOADS}?channel=stable&platform=win_x64&mini=1`);
    // Paused from here, so only runFor moves the page's time: an installed clock otherwise also runs
    // in real time, and on a loaded machine opening and closing the popup took more than the 200 ms
    // between the check at 4.8 s and the toast's end (the toast was gone at that check).
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    const popup = page.context().waitForEvent('page');
    await windows.click();
    // The toast shows on the toaster's next timer (no delay), and its 5 s start there.
    await page.clock.runFor(1);
    const toast = page.getByText('Comet download started...');
    await toast.waitFor();
    // The download opens 250 ms after the click (the component test checks the delay).
    await page.clock.runFor(300);
    await (await popup).close();
    // Still shown just before its 5 s, gone after them (the toaster unmounts it 200 ms after its end).
    await page.clock.runFor(4_500);
    expect(await toast.isVisible()).toBe(true);
    await page.clock.runFor(500);
    await toast.waitFor({ state: 'detached' });
  });
});
