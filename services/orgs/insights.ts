// An organisation's insights: a consumer of the log (by global position, with its checkpoint in
// the same transaction as its writes) keeps counts by day, and a view reads at most 90 days of
// them, so a view never scans events. What is counted, per member's organisation:
// - questions asked, by day, and per Space when asked in one;
// - active members: who asked at least one question that day;
// - files indexed into the organisation's files;
// - answers with failed citations: completed answers that had sources yet cite none of them
//   (every marker the model wrote pointed nowhere and was dropped, or it wrote none).
// An event is counted for the organisation its person belonged to when the consumer read it.
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { ConsumerHandler } from '../eventstore/consumers.js';
import type { Trx } from '../eventstore/types.js';
import type { FileIndexed } from '../files/events.js';
import type { AnswerCompleted, QuestionAsked } from '../threads/events.js';
import { own } from './tables.js';
import { crossRead } from '../db/cross-read.js';

export const INSIGHT_RANGES = [7, 30, 90] as const;
export const INSIGHTS_CONSUMER = 'org-insights';
const MARKER = /\[\d{1,6}\]/;

async function orgOfUser(trx: Trx, userId: string | null) {
  if (!userId) return null;
  const m = await own(trx).selectFrom('org_members').select('org_uuid').where('user_id', '=', userId).orderBy('joined_at').limit(1).executeTakeFirst();
  return m?.org_uuid ?? null;
}

function bump(trx: Trx, org: string, day: string, column: 'questions' | 'active_members' | 'files_indexed' | 'failed_citation_answers') {
  return own(trx)
    .insertInto('org_insights_daily')
    .values({ org_uuid: org, day, [column]: 1 })
    .onConflict((oc) => oc.columns(['org_uuid', 'day']).doUpdateSet({ [column]: sql`org_insights_daily.${sql.ref(column)} + 1` }))
    .execute();
}

/** The events the insights are counted from (the consumer is given these only). */
export const INSIGHTS_EVENTS = ['QuestionAsked', 'AnswerCompleted', 'FileIndexed'] as const;

/**
 * The threads of a batch of questions with their owners' organisations, in one read: most
 * people belong to none, and a burst of questions is a batch here.
 */
async function askersOf(trx: Trx, contextUuids: string[]) {
  if (!contextUuids.length) return new Map<string, { owner_user_id: string; collection_uuid: string | null; org: string }>();
  const rows = await crossRead(trx)
    .selectFrom('threads as t')
    .innerJoinLateral(
      (eb) => eb.selectFrom('org_members as m').select('m.org_uuid').whereRef('m.user_id', '=', 't.owner_user_id').orderBy('m.joined_at').limit(1).as('m'),
      (join) => join.onTrue(),
    )
    .select(['t.context_uuid', 't.owner_user_id', 't.collection_uuid', 'm.org_uuid'])
    .where('t.context_uuid', 'in', [...new Set(contextUuids)])
    .execute();
  return new Map(
    rows.flatMap((r) =>
      r.owner_user_id ? [[r.context_uuid, { owner_user_id: r.owner_user_id, collection_uuid: r.collection_uuid, org: r.org_uuid }] as const] : [],
    ),
  );
}

export const insightsConsumer: ConsumerHandler = async (trx, events) => {
  const askers = await askersOf(
    trx,
    events.filter((e) => e.type === 'QuestionAsked').map((e) => (e as unknown as QuestionAsked).data.context_uuid),
  );
  for (const event of events) {
    if (event.type === 'QuestionAsked') {
      const d = (event as unknown as QuestionAsked).data;
      const asker = askers.get(d.context_uuid);
      if (!asker) continue;
      const { org, owner_user_id: userId, collection_uuid: space } = asker;
      const day = d.asked_at.slice(0, 10);
      await bump(trx, org, day, 'questions');
      const firstToday = await own(trx)
        .insertInto('org_insights_active')
        .values({ org_uuid: org, day, user_id: userId })
        .onConflict((oc) => oc.doNothing())
        .returning('user_id')
        .executeTakeFirst();
      if (firstToday) await bump(trx, org, day, 'active_members');
      await own(trx)
        .insertInto('org_insights_last_active')
        .values({ org_uuid: org, user_id: userId, last_day: day })
        .onConflict((oc) => oc.columns(['org_uuid', 'user_id']).doUpdateSet({ last_day: sql`greatest(org_insights_last_active.last_day, excluded.last_day)` }))
        .execute();
      if (space)
        await own(trx)
          .insertInto('org_insights_spaces')
          .values({ org_uuid: org, day, space_uuid: space, questions: 1 })
          .onConflict((oc) => oc.columns(['org_uuid', 'day', 'space_uuid']).doUpdateSet({ questions: sql`org_insights_spaces.questions + 1` }))
          .execute();
    } else if (event.type === 'AnswerCompleted') {
      const d = (event as unknown as AnswerCompleted).data;
      if (MARKER.test(d.answer)) continue;
      const entry = await crossRead(trx)
        .selectFrom('thread_entries')
        .innerJoin('threads', 'threads.context_uuid', 'thread_entries.context_uuid')
        .select(['threads.owner_user_id', sql<number>`jsonb_array_length(thread_entries.sources)`.as('source_count')])
        .where('thread_entries.backend_uuid', '=', d.backend_uuid)
        .executeTakeFirst();
      const org = entry && entry.source_count > 0 ? await orgOfUser(trx, entry.owner_user_id) : null;
      if (org) await bump(trx, org, d.completed_at.slice(0, 10), 'failed_citation_answers');
    } else if (event.type === 'FileIndexed') {
      const d = (event as unknown as FileIndexed).data;
      const file = await crossRead(trx).selectFrom('files').select(['repo_type', 'repo_owner']).where('file_uuid', '=', d.file_uuid).executeTakeFirst();
      if (file?.repo_type === 'ORG') await bump(trx, file.repo_owner, d.indexed_at.slice(0, 10), 'files_indexed');
    }
  }
};

export type InsightRange = (typeof INSIGHT_RANGES)[number];

export type InsightsView = {
  days: InsightRange;
  series: { day: string; questions: number; active_members: number; files_indexed: number; failed_citation_answers: number }[];
  totals: { questions: number; active_members: number; files_indexed: number; failed_citation_answers: number };
  top_spaces: { uuid: string; title: string; questions: number }[];
};

/** The last `days` days up to `now` (UTC), every day present, zeros where nothing happened. */
export async function orgInsights(db: Db, orgUuid: string, days: InsightRange, now: Date): Promise<InsightsView> {
  const end = now.toISOString().slice(0, 10);
  const start = new Date(now.getTime() - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  const [daily, activeTotal, spaces] = await Promise.all([
    own(db)
      .selectFrom('org_insights_daily')
      .select([sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'), 'questions', 'active_members', 'files_indexed', 'failed_citation_answers'])
      .where('org_uuid', '=', orgUuid)
      .where('day', '>=', start)
      .where('day', '<=', end)
      .execute(),
    // A member active in the period asked last on a day of it (the period ends today).
    own(db)
      .selectFrom('org_insights_last_active')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('org_uuid', '=', orgUuid)
      .where('last_day', '>=', start)
      .executeTakeFirst(),
    crossRead(db)
      .selectFrom('org_insights_spaces')
      .leftJoin('spaces', 'spaces.uuid', 'org_insights_spaces.space_uuid')
      .select(['org_insights_spaces.space_uuid as uuid', 'spaces.title', sql<number>`sum(org_insights_spaces.questions)::int`.as('questions')])
      .where('org_insights_spaces.org_uuid', '=', orgUuid)
      .where('org_insights_spaces.day', '>=', start)
      .where('org_insights_spaces.day', '<=', end)
      .groupBy(['org_insights_spaces.space_uuid', 'spaces.title'])
      .orderBy('questions', 'desc')
      .orderBy('org_insights_spaces.space_uuid')
      .limit(5)
      .execute(),
  ]);
  const byDay = new Map(daily.map((d) => [d.day, d]));
  const series: InsightsView['series'] = [];
  for (let i = days - 1; i >= 0; i--) {
    const day = new Date(now.getTime() - i * 86_400_000).toISOString().slice(0, 10);
    const d = byDay.get(day);
    series.push({
      day,
      questions: d?.questions ?? 0,
      active_members: d?.active_members ?? 0,
      files_indexed: d?.files_indexed ?? 0,
      failed_citation_answers: d?.failed_citation_answers ?? 0,
    });
  }
  const sum = (k: 'questions' | 'files_indexed' | 'failed_citation_answers') => series.reduce((n, d) => n + d[k], 0);
  return {
    days,
    series,
    totals: {
      questions: sum('questions'),
      active_members: activeTotal?.n ?? 0,
      files_indexed: sum('files_indexed'),
      failed_citation_answers: sum('failed_citation_answers'),
    },
    top_spaces: spaces.map((s) => ({ uuid: s.uuid, title: s.title ?? 'A deleted Space', questions: s.questions })),
  };
}
