// Student verification on the real server and PostgreSQL (issue 36): the three calls with their
// authorization rows (owner, a second person, anonymous), a code mailed through the outbox to a
// listed school domain only, the wrong-code and resend limits, the right code verifying, the
// student offer of the plans file shown only then, and a refused address leaving no mail and no
// event behind. (A server without a domain list: services/students/decide.prop.test.ts.)
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
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

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'students-'));
  writeFileSync(join(dir, 'domains.txt'), '# schools\nmit.edu\nox.ac.uk\n');
  writeFileSync(
    join(dir, 'plans.json'),
    JSON.stringify({ student_offer: { plan: 'pro', promotion_code: 'STUDENT50', description: 'Half off Pro while you study' } }),
  );
  database = await createTestDatabase('students');
  server = await startServerProcess({
    databaseUrl: database.url,
    env: { STUDENT_EMAIL_DOMAINS_FILE: join(dir, 'domains.txt'), BILLING_PLANS_FILE: join(dir, 'plans.json') },
  });
  [owner, other, anonymous] = [await signedUp(server.url, 'Stu'), await signedUp(server.url, 'Dee'), await visitor(server.url)];
  db = new pg.Client({ connectionString: database.url });
  await db.connect();
});
afterAll(async () => {
  await db?.end();
  await server?.stop();
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
      offer: { plan: 'pro', plan_name: 'Pro', promotion_code: 'STUDENT50', description: 'Half off Pro while you study' },
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
    const mailsBefore = Number(await db.query('select count(*) from mail_outbox').then((r) => r.rows[0].count));
    expect((await other.post(`${S}/email`, { email: 'dee@harvard.edu' })).status).toBe(400);
    expect(await eventCount('StudentCodeSent')).toBe(sentBefore);
    expect(Number((await db.query('select count(*) from mail_outbox')).rows[0].count)).toBe(mailsBefore);
  });
});
