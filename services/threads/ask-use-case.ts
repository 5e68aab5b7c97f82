// Asking: the question recorded in its thread (a new one, or a follow-up), in the Space it is
// asked in, with the asker's model and defaults; then the answer's workflow is ready to start.
// The edge streams what it gives back (routes.ts); nothing here knows HTTP.
import { randomUUID } from 'node:crypto';
import type { AskRequest } from '../../generated/sdk/types.gen.js';
import { checkWebSearch, mayUseWebSearch } from '../orgs/index.js';
import type { Actor } from '../shared/actor.js';
import { DomainError } from '../shared/domain-error.js';
import { mayChooseModel } from '../shared/model-selection.js';
import type { AnswerJob } from './answer-engine.js';
import { answerSpaceOf } from '../spaces/index.js';
import { askingInSpace } from './ask-in-space.js';
import { askerDefaults } from './asker-defaults.js';
import { searchFiltersOf, searchFiltersView } from './search-filters.js';
import type { ThreadsContext } from './context.js';
import { decideRewrite, normalizeQuery } from './decide.js';
import { threadErrors } from './errors.js';
import type { AskClient } from './events.js';
import { findEntry, findThreadRow } from './queries.js';
import { askerFacts } from './read-access.js';
import { slugFor } from './slug.js';
import { claimProSearch } from './pro-search-quota.js';
import { proSearchLimitView, proSearchReachesWeb } from './pro-search-quota-decide.js';
import { askInThread, finishEntry } from './use-cases.js';

export const STARTING_FAILED = 'The answer could not be started. Try again.';

/**
 * What an entry that could not start says: a rule's own words when one refused it (a Research
 * report that lost the race for the day's last one is told the quota, not "try again").
 */
export const startingFailedDetail = (err: unknown) => (err instanceof DomainError ? err.message : STARTING_FAILED);

/**
 * Whether the question's named model is followed: the plan's `maxModelSelection`, or the rewrite
 * upsell's follow-up (seed 002 §4), which is the upsell's sample of the model it offers.
 */
async function followsModelPreference(actor: Actor, input: AskRequest) {
  return (input.source === 'rewrite-upsell' && !!input.context_uuid) || mayChooseModel(actor);
}

/**
 * `job`: what the answer job takes beyond the request: the answer API's search filters, and the
 * Space it answers in without the thread joining it (an API answer stays the owner's incognito thread).
 */
export async function askQuestion(
  ctx: ThreadsContext,
  actor: Actor,
  input: AskRequest,
  client: AskClient | null,
  job: Pick<AnswerJob, 'filters' | 'space' | 'conversation'> = {},
) {
  const query = normalizeQuery(input.query_str);
  // A Research report that may not start (no model, signed out, past the quota) records nothing.
  const research = input.answer_depth === 'research' ? await admitResearch(ctx, actor) : null;
  const filters = searchFiltersOf(input);
  const isNew = !input.context_uuid;
  const who = await askerFacts(actor, isNew);
  // A new thread asked in a Space; a follow-up is answered in the Space its thread is in.
  const inSpace = isNew && input.collection_uuid ? await askingInSpace(ctx, actor, input.collection_uuid) : null;
  const space = inSpace?.answer ?? (isNew ? null : await answerSpaceOf(ctx.db, (await findThreadRow(ctx.db, input.context_uuid!))?.collection_uuid ?? null));
  const contextUuid = input.context_uuid ?? randomUUID();
  const backendUuid = randomUUID();
  const mode = input.search_mode ?? 'auto';
  if (mode === 'web') await checkWebSearch(ctx.db, who.user_id);
  const asker = await askerDefaults(ctx, who.user_id, input.model_preference, await followsModelPreference(actor, input));
  // A rewrite the offline model would answer with the same words adds no copy of it.
  if (input.rewrite_of) {
    const previous = await findEntry(ctx.db, input.rewrite_of);
    if (decideRewrite(previous?.context_uuid === input.context_uuid ? previous : undefined, asker.model) === 'unchanged') throw threadErrors.rewriteUnchanged();
  }
  // A question asked for the person (an upsell's rewrite, seed 002 §4) is told apart in the log.
  if (input.source) ctx.logger.info({ source: input.source, model: asker.model }, 'question asked from %s', input.source);
  const { thread } = await askInThread(
    ctx.store,
    {
      context_uuid: contextUuid,
      backend_uuid: backendUuid,
      thread_url_slug: slugFor(query, contextUuid),
      frontend_context_uuid: input.frontend_context_uuid ?? null,
      query_str: query,
      search_mode: mode,
      // A question asked in a Space belongs with the Space: the asker's default is for the others.
      incognito: input.incognito ?? (asker.incognitoByDefault && !input.collection_uuid),
      model: asker.model,
      asker: who,
      space: inSpace?.startIn ?? null,
      client,
      ...(filters ? { search_filters: filters } : {}),
      ...(research ? { research_report: true } : {}),
      now: ctx.now(),
    },
    isNew,
  );
  // Claimed once the question is in its thread: a refused question costs no Pro Search.
  const depth = await answerDepthOf(ctx, actor, input, backendUuid, mode, { space: job.space ?? space, userId: who.user_id });
  const created = {
    context_uuid: contextUuid,
    backend_uuid: backendUuid,
    thread_url_slug: thread.thread_url_slug,
    frontend_context_uuid: thread.frontend_context_uuid,
    model: asker.model,
    ...(filters ? { search_filters: searchFiltersView(filters) } : {}),
    // Said when a depth was asked for: the depth it is answered at.
    ...(input.answer_depth ? { answer_depth: research ? ('research' as const) : depth.depth } : {}),
    ...(depth.limit ? { pro_search_limit: depth.limit } : {}),
  };
  /** Starts the answer's workflow; if it cannot start, the entry ends as failed, as the stream says. */
  const start = () =>
    ctx.answers
      .start({
        contextUuid,
        backendUuid,
        query,
        mode,
        askerUserId: who.user_id,
        space: job.space ?? space,
        model: asker.model,
        personal: asker.personal,
        depth: depth.depth,
        ...(job.conversation?.length ? { conversation: job.conversation } : {}),
        ...(depth.fallback ? { depthFallback: depth.fallback } : {}),
        ...((job.filters ?? filters) ? { filters: job.filters ?? filters } : {}),
        ...(research ? { research } : {}),
      })
      .catch(async (err) => {
        await finishEntry(ctx.store, contextUuid, backendUuid, { kind: 'failed', answer: '', detail: startingFailedDetail(err) }, ctx.now());
        throw err;
      });
  return { created, start };
}

/** The engine's admission of a Research report; an engine without Research has no model for it. */
async function admitResearch(ctx: ThreadsContext, actor: Actor) {
  if (!ctx.answers.admitResearch) throw threadErrors.researchUnavailable();
  return ctx.answers.admitResearch(actor);
}

/**
 * The depth the question is answered at: `pro` when asked and the asker's plan allows it today
 * (counted), else `quick` with the prompt to show. Pro Search searches the web: where this
 * answer would not (proSearchReachesWeb) it is a quick answer, not counted. Research is admitted
 * apart (admitResearch): here it is not Pro.
 */
async function answerDepthOf(
  ctx: ThreadsContext,
  actor: Actor,
  input: AskRequest,
  backendUuid: string,
  mode: string,
  where: { space: { web: boolean } | null; userId: string | null },
) {
  if (input.answer_depth !== 'pro') return { depth: 'quick' as const };
  const reachesWeb = proSearchReachesWeb({
    serverSearchesWeb: !!ctx.config.searxngUrl,
    mode,
    spaceWeb: where.space?.web ?? null,
    webAllowed: !!ctx.config.searxngUrl && (await mayUseWebSearch(ctx.db, where.userId)),
  });
  if (!reachesWeb) return { depth: 'quick' as const };
  const decision = await claimProSearch(ctx.store, actor, backendUuid, ctx.config.proSearchDailyLimit, ctx.now()).catch((err: unknown) => {
    // The count could not be read or written: a quick answer, rather than none or an uncounted Pro Search.
    ctx.logger.error({ err }, 'the Pro Search quota could not be claimed');
    return null;
  });
  if (!decision) return { depth: 'quick' as const };
  if (decision.depth === 'pro') return { depth: 'pro' as const };
  return { depth: 'quick' as const, fallback: decision.fallback, limit: proSearchLimitView(decision) };
}
