// The student verifications' read model: where a person's verification stands.
import type { Db } from '../db/database.js';
import { own } from './tables.js';

export async function studentVerificationOf(db: Db, userId: string) {
  return own(db).selectFrom('student_verifications').select(['status', 'email', 'domain', 'verified_at']).where('user_id', '=', userId).executeTakeFirst();
}

/** The person's student verification in their data export (services/app/export-parts.ts): null when they never asked. */
export async function studentVerificationExport(db: Db, userId: string) {
  return (await studentVerificationOf(db, userId)) ?? null;
}
