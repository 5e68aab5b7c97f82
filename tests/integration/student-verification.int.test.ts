// Student verification on the real server and PostgreSQL (issue 36): the three calls with their
// authorization rows (owner, a second person, anonymous), a code mailed through the outbox to a
// listed school domain only, the wrong-code and resend limits, the right code verifying, the
// student offer of the plans file shown only then, and a refused address leaving no mail and no
// event behind; and checkout against the Stripe fake applying the offer's promotion code for a
// verified student only (asked for, or its code typed), with its authorization rows. (A server
// without a domain list: services/students/decide.prop.test.ts.)
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startStripeFake, type StripeFake } from '../fakes/stripe/index.js';
import { createTestDatabase } from '../support/database.js';
import type { Browser } from '../support/http.js';
import { signedUp, visitor } from '../support/people.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';

const S = '/rest/student-verification';
let database: { url: string; drop: () => Promise<void> };
let server: ServerProcess;
let owner: Browser;
let other: Browser;
let anonymous: Browser;
let db: pg.Client;
let stripe: StripeFake;

beforeAll(async () => {
  stripe = await startStripeFake();
  stripe.seedPlanPrices();
  stripe.seedPromotionCode({ code: 'STUDENT50', coupon: stripe.seedCoupon({ percent_off: 50, duration: 'forever' }).id });
  const dir = mkdtempSync(join(tmpdir(), 'students-'));
  writeFileSync(join(dir, 'domains.txt'), '# schools\nmit.edu\nox.ac.uk\n');
  writeFileSync(
    join(dir, 'plans.json'),
    JSON.stringify({ student_offer: { plan: 'pro', promotion_code: 'STUDENT50', description: 'Half off Pro while you study' } }),
  );
  database = await createTestDatabase('students');
  server = await startServerProcess({
    databaseUrl: database.url,
    env: { ...stripe.env(), STUDENT_EMAIL_DOMAINS_FILE: join(dir, 'domains.txt'), BILLING_PLANS_FILE: join(dir, 'plans.json') },
  });
  [owner, other, anonymous] = [await signedUp(server.url, 'Stu'), await signedUp(server.url, 'Dee'), await visitor(server.url)];
  db = new pg.Client({ connectionString: database.url });
  await db.connect();
});
afterAll(async () => {
  await db?.end();
  await server?.stop();
  await stripe?.close();
  await database?.drop();
});

/** The code in the newest mail to `to` (the outbox: no SMTP in tests). */
async function mailedCode(to: string) {
  const { rows } = await db.query<{ text: string }>('select text from mail_outbox where "to" = $1 order by queued_at desc limit 1', [to]);
  const found = /verify that you are a student: (\d{6})/.exec(rows[0]?.text ?? '');
  if (!found) throw new Error(`no student code mailed to ${to}`);
  return found[1];
}
const eventCount = async (type: string) => Number((await db.query('select count(*) from events where type = $1', [type])).rows[0].count);

describe('authorization rows: each call for the person, another person and anonymous', () => {
  const calls: [string, (b: Browser, n: number) => ReturnType<Browser['send']>][] = [
    ['GET status', (b) => b.get(S)],
    ['POST email', (b, n) => b.post(`${S}/email`, { email: `row${n}@mit.edu` })],
    ['POST code', (b) => b.post(`${S}/code`, { code: '000000' })],
  ];
  test.each(calls)('%s: answered for each signed-in person about their own verification, 401 for anonymous', async (name, call) => {
    const a = await signedUp(server.url, 'Rowa');
    const b = await signedUp(server.url, 'Rowb');
    if (name === 'POST code') {
      await a.post(`${S}/email`, { email: `codea${Date.now()}@mit.edu` });
      await b.post(`${S}/email`, { email: `codeb${Date.now()}@mit.edu` });
    }
    const expected = name === 'POST code' ? 400 : 200;
    expect((await call(a, 1)).status).toBe(expected);
    expect((await call(b, 2)).status).toBe(expected);
    const refused = await call(anonymous, 3);
    expect(refused.status).toBe(401);
    expect(refused.json).toMatchObject({ code: 'login_required' });
  });
});

describe('verifying by a school address', () => {
  test('a code goes only to a listed school domain, a bad body is refused, and the offer shows only once verified', async () => {
    const before = await owner.get(S);
    expect(before.json).toEqual({ available: true, status: 'unverified', email: null, verified_at: null, offer: null });

    const gmail = await owner.post(`${S}/email`, { email: 'stu@gmail.com' });
    expect(gmail.status).toBe(400);
    expect(gmail.json).toMatchObject({ code: 'student_email_not_school' });
    expect((await owner.post(`${S}/email`, { email: 'not an address' })).status).toBe(400);
    expect((await owner.post(`${S}/email`, { email: 'stu@mit.edu', extra: 1 })).status).toBe(400);

    const sent = await owner.post(`${S}/email`, { email: 'Stu@CS.MIT.edu' });
    expect(sent.status).toBe(200);
    expect(sent.json).toMatchObject({ status: 'code_sent', email: 'stu@cs.mit.edu', offer: null });
    const again = await owner.post(`${S}/email`, { email: 'stu@cs.mit.edu' });
    expect(again.status).toBe(429);
    expect(again.json).toMatchObject({ code: 'student_code_recently_sent' });

    const code = await mailedCode('stu@cs.mit.edu');
    const wrong = await owner.post(`${S}/code`, { code: code === '123456' ? '654321' : '123456' });
    expect(wrong.status).toBe(400);
    expect(wrong.json).toMatchObject({ code: 'student_code_wrong' });
    expect((await owner.post(`${S}/code`, { code: 'abcdef' })).status).toBe(400);
    // Another person cannot use this code: it is checked against their own (none).
    const stolen = await other.post(`${S}/code`, { code });
    expect(stolen.status).toBe(409);
    expect(stolen.json).toMatchObject({ code: 'student_code_not_sent' });

    const verified = await owner.post(`${S}/code`, { code: ` ${code} ` });
    expect(verified.status).toBe(200);
    expect(verified.json).toMatchObject({
      status: 'verified',
      email: 'stu@cs.mit.edu',
      offer: { plan: 'pro', plan_name: 'Pro', description: 'Half off Pro while you study' },
    });
    expect((await owner.get(S)).json).toEqual(verified.json);
    expect((await other.get(S)).json.offer).toBeNull();
    const afterVerified = await owner.post(`${S}/email`, { email: 'stu@mit.edu' });
    expect(afterVerified.status).toBe(409);
    expect(afterVerified.json).toMatchObject({ code: 'student_already_verified' });
    const { rows } = await db.query('select status, email, domain from student_verifications where email = $1', ['stu@cs.mit.edu']);
    expect(rows).toEqual([{ status: 'verified', email: 'stu@cs.mit.edu', domain: 'mit.edu' }]);
  });

  test('five wrong tries use the code up', async () => {
    const b = await signedUp(server.url, 'Tries');
    await b.post(`${S}/email`, { email: 'tries@ox.ac.uk' });
    const code = await mailedCode('tries@ox.ac.uk');
    const wrongCode = code === '111111' ? '222222' : '111111';
    for (let i = 0; i < 5; i++) expect((await b.post(`${S}/code`, { code: wrongCode })).json).toMatchObject({ code: 'student_code_wrong' });
    const spent = await b.post(`${S}/code`, { code });
    expect(spent.status).toBe(400);
    expect(spent.json).toMatchObject({ code: 'student_code_expired' });
  });

  test('a refused address leaves no event and no mail', async () => {
    const sentBefore = await eventCount('StudentCodeSent');
    expect((await other.post(`${S}/email`, { email: 'dee@harvard.edu' })).status).toBe(400);
    expect(await eventCount('StudentCodeSent')).toBe(sentBefore);
    // Mail to that address, not the whole outbox: the earlier tests' sign-ups still queue theirs (a CI run counted one more).
    expect((await db.query('select count(*) from mail_outbox where "to" = $1', ['dee@harvard.edu'])).rows[0].count).toBe('0');
  });
});

describe('checkout with the student offer', () => {
  const CHECKOUT = '/rest/stripe/checkout-session';
  const studentCode = () => [...stripe.state.promotionCodes.values()].find((p) => p.code === 'STUDENT50')!.id;
  /** A person verified at a school address, by the mailed code. */
  async function verifiedStudent(name: string) {
    const b = await signedUp(server.url, name);
    const email = `${name.toLowerCase()}${Date.now()}@mit.edu`;
    await b.post(`${S}/email`, { email });
    expect((await b.post(`${S}/code`, { code: await mailedCode(email) })).status).toBe(200);
    return b;
  }
  const sessionsNow = () => stripe.state.sessions.size;

  test('authorization rows: the verified student gets the offer, anyone else is refused before Stripe is asked', async () => {
    const student = await verifiedStudent('Rowstudent');
    const stranger = await signedUp(server.url, 'Rowstranger');
    const pending = await signedUp(server.url, 'Rowpending');
    await pending.post(`${S}/email`, { email: `pending${Date.now()}@mit.edu` });

    const taken = await student.post(CHECKOUT, { subscriptionTier: 'pro', tier: 'monthly', embedded: false, studentOffer: true });
    expect(taken.status, taken.text).toBe(200);
    expect(taken.json.discount).toMatchObject({ percent_off: 50 });
    expect(stripe.state.sessions.get(taken.json.url.split('/').pop())!.promotion_code).toBe(studentCode());

    const before = sessionsNow();
    for (const who of [stranger, pending]) {
      const refused = await who.post(CHECKOUT, { subscriptionTier: 'pro', tier: 'monthly', embedded: false, studentOffer: true });
      expect(refused.status).toBe(403);
      expect(refused.json).toMatchObject({ code: 'student_verification_required' });
    }
    const signedOut = await anonymous.post(CHECKOUT, { subscriptionTier: 'pro', tier: 'monthly', embedded: false, studentOffer: true });
    expect(signedOut.status).toBe(401);
    expect(sessionsNow()).toBe(before);
  });

  test('knowing the code is not enough: typed by someone unverified it is refused; typed by the student it applies', async () => {
    const stranger = await signedUp(server.url, 'Typer');
    const before = sessionsNow();
    for (const code of ['STUDENT50', ' student50 ']) {
      const typed = await stranger.post(CHECKOUT, { subscriptionTier: 'pro', embedded: false, discountCode: code });
      expect(typed.status).toBe(403);
      expect(typed.json).toMatchObject({ code: 'student_verification_required' });
    }
    expect(sessionsNow()).toBe(before);
    // Nothing of the refused checkouts stays: no Stripe customer linked on the stranger's stream.
    const strangerId = (await stranger.get('/rest/session')).json.user.id;
    expect(Number((await db.query('select count(*) from events where stream_id = $1', [`subscription-${strangerId}`])).rows[0].count)).toBe(0);

    const student = await verifiedStudent('Typist');
    const typed = await student.post(CHECKOUT, { subscriptionTier: 'pro', embedded: false, discountCode: 'student50' });
    expect(typed.status, typed.text).toBe(200);
    expect(stripe.state.sessions.get(typed.json.url.split('/').pop())!.promotion_code).toBe(studentCode());
  });

  test('bad student checkouts: another plan, with another code, or a non-boolean flag', async () => {
    const student = await verifiedStudent('Badin');
    const otherPlan = await student.post(CHECKOUT, { subscriptionTier: 'max', embedded: false, studentOffer: true });
    expect(otherPlan.status).toBe(400);
    expect(otherPlan.json).toMatchObject({ code: 'student_offer_other_plan' });
    const withCode = await student.post(CHECKOUT, { subscriptionTier: 'pro', embedded: false, studentOffer: true, discountCode: 'HALFOFF' });
    expect(withCode.status).toBe(400);
    expect(withCode.json).toMatchObject({ code: 'student_offer_with_code' });
    expect((await student.post(CHECKOUT, { subscriptionTier: 'pro', embedded: false, studentOffer: 'yes' })).status).toBe(400);
  });
});
