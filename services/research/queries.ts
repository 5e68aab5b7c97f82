import type { Db } from '../db/database.js';
import { own } from './tables.js';

export async function reportRow(db: Db, backendUuid: string) {
  return own(db).selectFrom('research_reports').selectAll().where('backend_uuid', '=', backendUuid).executeTakeFirst();
}

export async function reportSteps(db: Db, backendUuid: string) {
  return own(db).selectFrom('research_steps').selectAll().where('backend_uuid', '=', backendUuid).orderBy('number').execute();
}

/** Whether the entry is a Research report (its workflow is research-<uuid>, not answer-<uuid>). */
export async function isResearchEntry(db: Db, backendUuid: string) {
  return !!(await own(db).selectFrom('research_reports').select('backend_uuid').where('backend_uuid', '=', backendUuid).executeTakeFirst());
}
