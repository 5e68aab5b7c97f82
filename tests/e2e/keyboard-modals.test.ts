// Money modals from the keyboard alone, in Chromium against the real server, the Stripe fake and a
// plans file with a student offer (issue 36): on /account/pro-perks, Tab reaches Compare plans,
// Enter opens the pricing modal, Tab walks its plan buttons then Close with a visible focus ring,
// Escape closes it and gives focus back. Then student verification: Tab and Enter open it, a school
// address typed and sent, the mailed link (from the outbox) opens the redirect modal, which shows
// the student offer (without its code), and its button goes to checkout, where the server applies
// the student code for this verified student.
// Also: a person asking their system for less motion sees no spinner or pulse move.
// (The watchlist's and the bug report's keyboard coverage: watchlist.test.ts, bug-report.test.ts.)
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeFake, type StripeFake } from '../fakes/stripe/index';
import { routeStripeJs } from '../fakes/stripe/stripe-js-double';
import { databaseOf } from '../support/mailbox';
import { signUpThroughApi, startE2E, type E2E } from './support';

let stripe: StripeFake;
let e2e: E2E;
let page: Page;
const email = `kim-${Date.now()}@example.com`;

beforeAll(async () => {
  stripe = await startStripeFake();
  stripe.seedPlanPrices();
  stripe.seedPromotionCode({ code: 'STUDENT50', coupon: stripe.seedCoupon({ percent_off: 50, duration: 'forever' }).id });
  const dir = mkdtempSync(join(tmpdir(), 'keyboard-modals-'));
  writeFileSync(
    join(dir, 'plans.json'),
    JSON.stringify({ student_offer: { plan: 'pro', promotion_code: 'STUDENT50', description: 'Half off Pro while you study.' } }),
  );
  writeFileSync(join(dir, 'schools.txt'), 'university.edu\n');
  e2e = await startE2E({
    env: {
      ...stripe.env(),
      STRIPE_PUBLISHABLE_KEY: 'pk_test_fake_0123456789',
      BILLING_PLANS_FILE: join(dir, 'plans.json'),
      STUDENT_EMAIL_DOMAINS_FILE: join(dir, 'schools.txt'),
    },
  });
  page = await e2e.page();
  await routeStripeJs(page, stripe.url);
  await page.goto('/');
  await signUpThroughApi(page, { name: 'Kim Keys', email });
});
afterAll(async () => {
  await e2e?.close();
  await stripe?.close();
});

/** The focused control's accessible name as a person hears it: its aria-label, its label, or its text. */
const focused = (p: Page) =>
  p.evaluate(() => {
    const el = document.activeElement as HTMLElement & { labels?: NodeListOf<HTMLLabelElement> };
    return el?.getAttribute('aria-label') ?? el?.labels?.[0]?.textContent?.trim() ?? el?.textContent?.trim() ?? '';
  });
const ringShows = (p: Page) =>
  p.evaluate(() => {
    const style = getComputedStyle(document.activeElement as Element);
    return style.outlineStyle !== 'none' || style.boxShadow !== 'none';
  });
const inDialog = (p: Page) => p.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'));

/** Presses Tab until the control named `name` has the focus (at most 60 presses); answers every name passed on the way. */
async function tabTo(p: Page, name: string) {
  const passed: string[] = [];
  for (let i = 0; i < 60; i++) {
    await p.keyboard.press('Tab');
    const now = await focused(p);
    passed.push(now);
    if (now === name) return passed;
  }
  throw new Error(`Tab never reached "${name}"; passed ${passed.join(' | ')}`);
}

describe('less motion', () => {
  it('a person whose system asks for less motion sees spinners and pulses stand still; anyone else sees them move', async () => {
    const motionOf = (className: string) =>
      page.evaluate((c) => {
        const el = document.body.appendChild(document.createElement('div'));
        el.className = c;
        const { animationName, animationIterationCount } = getComputedStyle(el);
        el.remove();
        return `${animationName} ${animationIterationCount}`;
      }, className);
    // The harness's contexts ask for less motion (e2e/support.ts).
    expect([await motionOf('animate-spin'), await motionOf('animate-pulse')]).toEqual(['spin 1', 'pulse 1']);
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    expect([await motionOf('animate-spin'), await motionOf('animate-pulse')]).toEqual(['spin infinite', 'pulse infinite']);
    await page.emulateMedia({ reducedMotion: 'reduce' });
  });
});

describe('pricing, keyboard only', () => {
  it('opens from Compare plans, walks the plans then Close with a visible ring, and Escape closes it', { timeout: 60_000 }, async () => {
    await page.goto('/account/pro-perks');
    await page.getByRole('button', { name: 'Compare plans' }).waitFor();
    await page.locator('body').focus();
    await tabTo(page, 'Compare plans');
    expect(await ringShows(page)).toBe(true);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Pricing' });
    await dialog.getByRole('list', { name: 'Plans' }).waitFor();
    // The dialog's controls in reading order, named as `focused` names them.
    const order = await page.evaluate(() =>
      [...document.querySelectorAll('[role="dialog"] :is(button, a[href], input, select, textarea, [tabindex]:not([tabindex="-1"]))')]
        .filter((el) => !(el as HTMLButtonElement).disabled)
        .map((el) => el.getAttribute('aria-label') ?? el.textContent?.trim() ?? ''),
    );
    expect(order.slice(0, 2)).toEqual(['Pro monthly', 'Pro yearly']);
    expect(order.at(-1)).toBe('Close');
    // Tab visits them in that order, each with a visible ring, and never leaves the dialog.
    const seen: string[] = [];
    for (let i = 0; i < order.length * 2; i++) {
      await page.keyboard.press('Tab');
      expect(await inDialog(page)).toBe(true);
      expect(await ringShows(page)).toBe(true);
      seen.push(await focused(page));
    }
    const from = seen.indexOf(order[0]);
    expect(seen.slice(from, from + order.length)).toEqual(order);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => focused(page)).toBe('Compare plans');
  });
});

describe('student verification, keyboard and the mailed link', () => {
  it('sends a code to a school address, the mailed link verifies, and the offer goes to checkout, where the server applies its code', {
    timeout: 60_000,
  }, async () => {
    await page.goto('/account/pro-perks');
    await page.getByRole('button', { name: 'Verify as a student' }).waitFor();
    await page.locator('body').focus();
    await tabTo(page, 'Verify as a student');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Student verification' });
    await dialog.getByLabel('School email').waitFor();
    await tabTo(page, 'School email');
    await page.keyboard.type('kim@university.edu');
    await page.keyboard.press('Enter');
    await dialog.getByText('We mailed a code to kim@university.edu.', { exact: false }).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);

    const db = new pg.Client({ connectionString: databaseOf(e2e.url) });
    await db.connect();
    const { rows } = await db.query<{ text: string }>('select text from mail_outbox where "to" = $1', ['kim@university.edu']).finally(() => db.end());
    const link = new URL(/https?:\/\/\S+\?student_code=\d{6}/.exec(rows[0].text)?.[0] ?? '');
    await page.goto(link.pathname + link.search);
    const redirect = page.getByRole('dialog', { name: 'Student verification' });
    await redirect.getByText('You are verified as a student (kim@university.edu).').waitFor();
    await redirect.getByText('Half off Pro while you study.').waitFor();
    expect(new URL(page.url()).search).toBe('');
    await tabTo(page, 'Get Pro with the student offer');
    expect(await ringShows(page)).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/max/payment' && u.searchParams.get('student_offer') === '1');
    await page.getByText('Student offer applied').waitFor();
    // The page never sent the code: the server applied it to the Stripe session.
    expect(page.url()).not.toContain('STUDENT50');
    const studentCode = [...stripe.state.promotionCodes.values()].find((p) => p.code === 'STUDENT50')!.id;
    expect([...stripe.state.sessions.values()].at(-1)?.promotion_code).toBe(studentCode);
  });
});
