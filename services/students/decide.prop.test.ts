// Student verification's rules over random histories: a code goes only to listed school domains,
// at most once a minute; only the latest code verifies, before 30 minutes and five wrong tries;
// once verified nothing changes; the offer shows only once verified.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { DomainError } from '../shared/domain-error.js';
import { parseStudentDomains, parseStudentOffer, schoolDomainOf } from '../shared/student-config.js';
import { decideConfirmCode, decideSendCode, studentView } from './decide.js';
import { evolveStudent, initialStudent, type StudentEvent, type StudentState } from './events.js';
import { STUDENT_CODE } from './rules.js';

const domains = new Set(['mit.edu', 'ox.ac.uk']);
const user_id = 'u1';
const t0 = Date.parse('2026-01-01T00:00:00Z');
const apply = (state: StudentState, events: readonly StudentEvent[]) => events.reduce((s, e) => evolveStudent(s, e), state);
const codeOf = (e: unknown) => (e instanceof DomainError ? e.code : 'ok');

describe('sending a code', () => {
  test('only to an address at a listed domain or its subdomain, lower-cased', () => {
    const send = (email: string) => decideSendCode(initialStudent, { user_id, email, domains, code_hash: 'h', mail_id: 'm', now: new Date(t0) });
    expect(send(' Ada@CS.MIT.edu ')[0].data).toMatchObject({ email: 'ada@cs.mit.edu', domain: 'mit.edu' });
    expect(send('bob@ox.ac.uk')[0].data.domain).toBe('ox.ac.uk');
    for (const email of ['eve@notmit.edu', 'eve@mit.edu.evil.com', 'eve@edu', 'eve@gmail.com'])
      expect(() => send(email)).toThrow(expect.objectContaining({ code: 'student_email_not_school' }));
  });

  test('a server listing no domains verifies no one', () => {
    expect(() => decideSendCode(initialStudent, { user_id, email: 'a@mit.edu', domains: new Set(), code_hash: 'h', mail_id: 'm', now: new Date(t0) })).toThrow(
      expect.objectContaining({ code: 'student_verification_not_configured', kind: 'unavailable' }),
    );
  });
});

type Step = { op: 'send'; after: number; code: number } | { op: 'enter'; after: number; code: number };
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ op: fc.constant('send' as const), after: fc.nat(120), code: fc.nat(3) }),
  fc.record({ op: fc.constant('enter' as const), after: fc.nat(20 * 60), code: fc.nat(3) }),
);

test('over any history: the latest code alone verifies, in time and before five wrong tries, and a verified person stays verified', () => {
  fc.assert(
    fc.property(fc.array(step, { maxLength: 30 }), (steps) => {
      let state = initialStudent;
      let now = t0;
      let latest: { code: number; at: number; wrong: number } | null = null;
      for (const s of steps) {
        now += s.after * 1000;
        const at = new Date(now);
        if (s.op === 'send') {
          let outcome: string;
          try {
            state = apply(state, decideSendCode(state, { user_id, email: 'a@mit.edu', domains, code_hash: `h${s.code}`, mail_id: 'm', now: at }));
            outcome = 'ok';
          } catch (err) {
            outcome = codeOf(err);
          }
          if (state.status === 'verified' && outcome !== 'ok') expect(outcome).toBe('student_already_verified');
          else if (latest && now - latest.at < STUDENT_CODE.resendSeconds * 1000) expect(outcome).toBe('student_code_recently_sent');
          else {
            expect(outcome).toBe('ok');
            latest = { code: s.code, at: now, wrong: 0 };
          }
        } else {
          const before = state;
          let outcome: string;
          try {
            const d = decideConfirmCode(state, { user_id, code_hash: `h${s.code}`, now: at });
            state = apply(state, d.events);
            outcome = d.outcome;
          } catch (err) {
            outcome = codeOf(err);
          }
          if (before.status === 'verified') expect(outcome).toBe('already');
          else if (!latest) expect(outcome).toBe('student_code_not_sent');
          else if (now - latest.at >= STUDENT_CODE.minutes * 60_000 || latest.wrong >= STUDENT_CODE.maxWrongTries) expect(outcome).toBe('student_code_expired');
          else if (s.code !== latest.code) {
            expect(outcome).toBe('wrong');
            latest.wrong++;
          } else expect(outcome).toBe('verified');
        }
        const view = studentView(state, true, { plan: 'pro' });
        expect(view.offer).toEqual(state.status === 'verified' ? { plan: 'pro' } : null);
      }
    }),
  );
});

describe('configuration', () => {
  test('the domains file: one a line, comments and blanks skipped, a bad line named', () => {
    expect(parseStudentDomains('# schools\nMIT.edu\n\n@ox.ac.uk  # Oxford\nmit.edu\n')).toEqual(['mit.edu', 'ox.ac.uk']);
    expect(() => parseStudentDomains('mit.edu\nnot a domain\n')).toThrow('line 2');
    expect(schoolDomainOf('a@deep.cs.mit.edu', new Set(['mit.edu']))).toBe('mit.edu');
    expect(schoolDomainOf('no-at-sign', new Set(['mit.edu']))).toBeNull();
  });

  test('the student offer of the plans file, or none', () => {
    expect(parseStudentOffer('{"pro":{}}')).toBeNull();
    expect(parseStudentOffer('{"student_offer":{"plan":"pro","promotion_code":"STUDENT50","description":"Half off Pro for a year"}}')).toEqual({
      plan: 'pro',
      promotion_code: 'STUDENT50',
      description: 'Half off Pro for a year',
    });
    expect(() => parseStudentOffer('{"student_offer":{"plan":"gold","promotion_code":"X","description":"Y"}}')).toThrow('student_offer.plan');
  });
});
