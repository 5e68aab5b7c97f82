// What the answer engine needs of the Space a question is asked in.
import type { Db } from '../db/database.js';
import { own } from './tables.js';

/** The Space a question was asked in: its corpus is searched, its instructions followed. */
export type AnswerSpace = { uuid: string; instructions: string; web: boolean };

export async function answerSpaceOf(db: Db, uuid: string | null): Promise<AnswerSpace | null> {
  if (!uuid) return null;
  const row = await own(db).selectFrom('spaces').select(['uuid', 'instructions', 'enable_web_by_default']).where('uuid', '=', uuid).executeTakeFirst();
  return row ? { uuid: row.uuid, instructions: row.instructions, web: row.enable_web_by_default } : null;
}
