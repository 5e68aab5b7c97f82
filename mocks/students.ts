// Student verification in the mock API, by the server's own rules (services/students/decide.ts)
// over each account's events. The mock "mails" nothing: every code it sends is MOCK_STUDENT_CODE,
// so a scripted test (or a person running `make dev-mocks`) can enter it. The school domains and
// the student offer stand in for STUDENT_EMAIL_DOMAINS_FILE and the plans file's `student_offer`;
// `mode: 'off'` answers as a server that lists no school domains.
import {
  getConfirmStudentVerificationCodeMockHandler,
  getGetStudentVerificationMockHandler,
  getSendStudentVerificationCodeMockHandler,
} from '../generated/msw/students/students.msw';
import type { StudentCodeRequest, StudentEmailRequest } from '../generated/react-query/model';
import { decideConfirmCode, decideSendCode, evolveStudent, initialStudent, type StudentEvent, studentErrors, studentView } from '../services/students/pure';
import { refuse, ruled } from './problem';
import { currentUser, type ScenarioState } from './scenarios';

export const MOCK_STUDENT_CODE = '424242';
export const MOCK_SCHOOL_DOMAINS = new Set(['university.edu', 'mit.edu']);
export const MOCK_STUDENT_OFFER = {
  plan: 'pro' as const,
  plan_name: 'Pro',
  description: 'Half off Pro for a year while you study.',
};
export type MockStudents = 'on' | 'off';

const hashOf = (code: string) => `mock:${code.trim()}`;

export function studentHandlers(opts: { state: () => ScenarioState; changed: () => void; mode?: MockStudents }) {
  const events = () => (opts.state().students ??= {});
  const signedIn = () => currentUser(opts.state()) ?? refuse(studentErrors.loginRequired());
  const domains = () => (opts.mode === 'off' ? new Set<string>() : MOCK_SCHOOL_DOMAINS);
  const stateOf = (userId: string) => (events()[userId] ?? []).reduce(evolveStudent, initialStudent);
  const record = (userId: string, decided: readonly StudentEvent[]) => {
    if (!decided.length) return;
    events()[userId] = [...(events()[userId] ?? []), ...decided];
    opts.changed();
  };
  const view = (userId: string) => studentView(stateOf(userId), domains().size > 0, MOCK_STUDENT_OFFER);
  return [
    getGetStudentVerificationMockHandler(() => view(signedIn().id)),
    getSendStudentVerificationCodeMockHandler(async ({ request }) => {
      const user = signedIn();
      const { email } = (await request.json()) as StudentEmailRequest;
      const state = stateOf(user.id);
      const mail_id = `mock-student-${state.codes_sent + 1}`;
      record(
        user.id,
        ruled(() => decideSendCode(state, { user_id: user.id, email, domains: domains(), code_hash: hashOf(MOCK_STUDENT_CODE), mail_id, now: new Date() })),
      );
      return view(user.id);
    }),
    getConfirmStudentVerificationCodeMockHandler(async ({ request }) => {
      const user = signedIn();
      const { code } = (await request.json()) as StudentCodeRequest;
      const decided = ruled(() => decideConfirmCode(stateOf(user.id), { user_id: user.id, code_hash: hashOf(code), now: new Date() }));
      record(user.id, decided.events);
      if (decided.outcome === 'wrong') refuse(studentErrors.wrongCode());
      return view(user.id);
    }),
  ];
}
