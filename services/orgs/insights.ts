// An organisation's insights: a consumer of the log (by global position, with its checkpoint in
// the same transaction as its writes) keeps counts by day, and a view reads at most 90 days of
// them, so a view never scans events. What is counted, per member's organisation:
// - questions asked, by day, and per Space when asked in one;
// - active members: who asked at least one question that day;
// - files indexed into the organisation's files (those every member may read: not a synced file
//   whose source names its readers);
// - answers with failed citations: completed answers that had sources yet cite none of them
//   (every marker the model wrote pointed nowhere and was dropped, or it wrote none).
// An event is counted for the organisation its person belonged to when the consumer read it.
// Threads, files and Spaces sit above orgs: what the insights ask of them comes through ports
// (InsightSources, and the context's spaceTitles), wired by services/app.
import { sql } from 'kysely';
import { type Db, preparedBuilt } from '../db/database.js';
import type { ConsumerHandler } from '../eventstore/consumers.js';
import type { Trx } from '../eventstore/types.js';
import type { FileIndexed } from '../files/events.js';
import type { AnswerCompleted, QuestionAsked } from '../threads/events.js';
import { own } from './tables.js';

export const INSIGHT_RANGES = [7, 30, 90] as const;
export const INSIGHTS_CONSUMER = 'org-insights';
const MARKER = /\[\d{1,6}\]/;

/** What the insights read of the domains above orgs, in the consumer's transaction. */
export type InsightSources = {
  /** The owner and Space of each of these threads, by context uuid (threads' threadOwnersOf). */
  threadOwnersOf: (trx: Trx, contextUuids: string[]) => Promise<Map<string, { owner_user_id: string | null; collection_uuid: string | null }>>;
  /** The owner of an answer's thread and how many sources the answer had (threads' answerOwnerOf). */
  answerOwnerOf: (trx: Trx, backendUuid: string) => Promise<{ owner_user_id: string | null; source_count: number } | undefined>;
  /** The repository a file is in, and who may read it at its source (files' fileRepositoryOf). */
  fileRepositoryOf: (trx: Trx, fileUuid: string) => Promise<{ repo_type: string; repo_owner: string; readers: string[] | null } | undefined>;
};

async function orgOfUser(trx: Trx, userId: string | null) {
  if (!userId) return null;
  const m = await preparedBuilt(
    own(trx).selectFrom('org_members').select('org_uuid').where('user_id', '=', userId).orderBy('joined_at').limit(1),
  ).executeTakeFirst();
  return m?.org_uuid ?? null;
}

/** The organisation each of these people belongs to (the first joined), for those in one: one read. */
async function orgsOfUsers(trx: Trx, userIds: string[]) {
  if (!userIds.length) return new Map<string, string>();
  const rows = await own(trx)
    .selectFrom('org_members')
    .select(['user_id', 'org_uuid'])
    .distinctOn('user_id')
    .where('user_id', 'in', [...new Set(userIds)])
    .orderBy('user_id')
    .orderBy('joined_at')
    .execute();
  return new Map(rows.map((r) => [r.user_id, r.org_uuid]));
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
 * The threads of a batch of questions with their owners' organisations, in two reads (the
 * threads, then their owners' organisations): most people belong to none, and a burst of
 * questions is a batch here.
 */
async function askersOf(sources: InsightSources, trx: Trx, contextUuids: string[]) {
  const askers = new Map<string, { owner_user_id: string; collection_uuid: string | null; org: string }>();
  if (!contextUuids.length) return askers;
  const threads = await sources.threadOwnersOf(trx, [...new Set(contextUuids)]);
  const owners = [...threads.values()].flatMap((t) => (t.owner_user_id ? [t.owner_user_id] : []));
  const orgs = await orgsOfUsers(trx, owners);
  for (const [contextUuid, t] of threads) {
    const org = t.owner_user_id ? orgs.get(t.owner_user_id) : undefined;
    if (t.owner_user_id && org) askers.set(contextUuid, { owner_user_id: t.owner_user_id, collection_uuid: t.collection_uuid, org });
  }
  return askers;
}

/** The insights consumer, reading threads and files through `sources`. */
export const insightsConsumer =
  (sources: InsightSources): ConsumerHandler =>
  async (trx, events) => {
    const askers = await askersOf(
      sources,
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
          .onConflict((oc) =>
            oc.columns(['org_uuid', 'user_id']).doUpdateSet({ last_day: sql`greatest(org_insights_last_active.last_day, excluded.last_day)` }),
          )
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
        const entry = await sources.answerOwnerOf(trx, d.backend_uuid);
        const org = entry && entry.source_count > 0 ? await orgOfUser(trx, entry.owner_user_id) : null;
        if (org) await bump(trx, org, d.completed_at.slice(0, 10), 'failed_citation_answers');
      } else if (event.type === 'FileIndexed') {
        const d = (event as unknown as FileIndexed).data;
        const file = await sources.fileRepositoryOf(trx, d.file_uuid);
        // A synced file only some members may read at its source is left out: the count is shown
        // to every owner and admin, and must not tell them of files they may not read (issue 32).
        if (file?.repo_type === 'ORG' && file.readers === null) await bump(trx, file.repo_owner, d.indexed_at.slice(0, 10), 'files_indexed');
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

/** What the view reads: the database, and the titles of Spaces (spaces sits above orgs: a port). */
export type InsightsDeps = { db: Db; spaceTitles: (uuids: string[]) => Promise<Map<string, string>> };

/** The Spaces most asked in over the period, at most five, most asked first (ties by uuid), named by `spaceTitles`. */
async function topSpaces(deps: InsightsDeps, orgUuid: string, start: string, end: string) {
  const top = await own(deps.db)
    .selectFrom('org_insights_spaces')
    .select(['space_uuid as uuid', sql<number>`sum(questions)::int`.as('questions')])
    .where('org_uuid', '=', orgUuid)
    .where('day', '>=', start)
    .where('day', '<=', end)
    .groupBy('space_uuid')
    .orderBy('questions', 'desc')
    .orderBy('space_uuid')
    .limit(5)
    .execute();
  const titles = await deps.spaceTitles(top.map((s) => s.uuid));
  return top.map((s) => ({ uuid: s.uuid, title: titles.get(s.uuid) ?? 'A deleted Space', questions: s.questions }));
}

/** The last `days` days up to `now` (UTC), every day present, zeros where nothing happened. */
export async function orgInsights(deps: InsightsDeps, orgUuid: string, days: InsightRange, now: Date): Promise<InsightsView> {
  const { db } = deps;
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
    topSpaces(deps, orgUuid, start, end),
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
    top_spaces: spaces,
  };
}
