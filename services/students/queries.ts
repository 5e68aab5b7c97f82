// The student verifications' read model: where a person's verification stands.
import type { Db } from '../db/database.js';
import { schoolDomainOf } from '../shared/student-config.js';
import { own } from './tables.js';

export async function studentVerificationOf(db: Db, userId: string) {
  return own(db).selectFrom('student_verifications').select(['status', 'email', 'domain', 'verified_at']).where('user_id', '=', userId).executeTakeFirst();
}

/** The person's student verification in their data export (services/app/export-parts.ts): null when they never asked. */
export async function studentVerificationExport(db: Db, userId: string) {
  return (await studentVerificationOf(db, userId)) ?? null;
}

/** Whether the person's student verification stands: verified, at a school domain the server still lists. */
export async function isStandingStudent(db: Db, userId: string, domains: ReadonlySet<string>) {
  const found = await studentVerificationOf(db, userId);
  return found?.status === 'verified' && !!found.email && schoolDomainOf(found.email, domains) !== null;
}
