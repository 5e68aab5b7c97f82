// Student verification's use cases: each takes one Actor, reads the person's stream, decides and
// appends with the expected version. The code's mail is queued in the same transaction as its
// event, so a failure keeps neither; a wrong code's try is recorded before it is refused.
import { createHash, randomInt } from 'node:crypto';
import type { Db } from '../db/database.js';
import type { EventStore } from '../eventstore/store.js';
import { queueMail } from '../mail/index.js';
import type { Actor } from '../shared/actor.js';
import type { StudentOffer } from '../shared/student-config.js';
import type { PlanCatalogue } from '../shared/plan-catalogue.js';
import { decideConfirmCode, decideSendCode, studentView } from './decide.js';
import { studentErrors } from './errors.js';
import { evolveStudent, initialStudent, studentStream } from './events.js';
import { studentCodeMail } from './mail.js';
import { STUDENT_CODE } from './rules.js';

export type StudentDeps = {
  store: EventStore;
  db: Db;
  domains: ReadonlySet<string>;
  offer: StudentOffer | null;
  plans: PlanCatalogue;
  publicUrl: string;
  now: () => Date;
};

const codeHashOf = (userId: string, code: string) => createHash('sha256').update(`student:${userId}:${code}`).digest('hex');
const newCode = () => String(randomInt(0, 10 ** STUDENT_CODE.digits)).padStart(STUDENT_CODE.digits, '0');

async function signedInUser(actor: Actor) {
  const user = await actor.user();
  if (!user) throw studentErrors.loginRequired();
  return user;
}

/** The offer as the calls answer it: with the plan's name, and without its promotion code (checkout applies that itself). */
const offerView = (deps: StudentDeps) =>
  deps.offer ? { plan: deps.offer.plan, plan_name: deps.plans[deps.offer.plan].name, description: deps.offer.description } : null;

export async function getStudentVerification(deps: StudentDeps, actor: Actor) {
  const user = await signedInUser(actor);
  const { state } = await deps.store.aggregate(studentStream(user.id), initialStudent, evolveStudent);
  return studentView(state, deps.domains.size > 0, offerView(deps));
}

export async function sendStudentCode(deps: StudentDeps, actor: Actor, input: { email: string }) {
  const user = await signedInUser(actor);
  const code = newCode();
  const stream = studentStream(user.id);
  return deps.store.db.transaction().execute(async (trx) => {
    const { state, version } = await deps.store.aggregate(stream, initialStudent, evolveStudent, trx);
    // `account-` mails are delivered by the account mail workflow (SMTP, or the outbox).
    const mailId = `account-student-code-${user.id}-${state.codes_sent + 1}`;
    const events = decideSendCode(state, {
      user_id: user.id,
      email: input.email,
      domains: deps.domains,
      code_hash: codeHashOf(user.id, code),
      mail_id: mailId,
      now: deps.now(),
    });
    await deps.store.append(stream, version, events, trx);
    await queueMail(
      deps.store,
      { mail_id: mailId, user_id: user.id, to: events[0].data.email, ...studentCodeMail({ code, publicUrl: deps.publicUrl }) },
      deps.now(),
      trx,
    );
    return studentView(events.reduce(evolveStudent, state), deps.domains.size > 0, offerView(deps));
  });
}

export async function confirmStudentCode(deps: StudentDeps, actor: Actor, input: { code: string }) {
  const user = await signedInUser(actor);
  const stream = studentStream(user.id);
  const { state, version } = await deps.store.aggregate(stream, initialStudent, evolveStudent);
  const decided = decideConfirmCode(state, { user_id: user.id, code_hash: codeHashOf(user.id, input.code.trim()), now: deps.now() });
  if (decided.events.length) await deps.store.append(stream, version, decided.events);
  if (decided.outcome === 'wrong') throw studentErrors.wrongCode();
  return studentView(decided.events.reduce(evolveStudent, state), deps.domains.size > 0, offerView(deps));
}
