// The upsells' use cases: serve a place's upsells to a caller, and record a caller's marks
// (read their stream, decide, append with the expected version; the projection writes the marks).
import { ConcurrencyError } from '../eventstore/types.js';
import type { Actor } from '../shared/actor.js';
import type { AppLocation, UpsellEntry } from '../shared/upsell-catalogue.js';
import type { RequestHeaders } from '../shared/actor.js';
import { clientTraits, type VisitQuery } from './client-traits.js';
import type { UpsellsContext } from './context.js';
import { decideImpression, decideInteracted, impressionLimitOf, type MarkCommand } from './decide.js';
import { upsellErrors } from './errors.js';
import { evolveUpsellMarks, subjectKey, type UpsellEvent, type UpsellMarks, type UpsellSubject, upsellStream } from './events.js';
import { instanceIdentifier, isInstanceOf } from './instance.js';
import { marksOf } from './queries.js';
import { isGovernmentOrigin, isMaxSubscriber } from './subscriber.js';
import { rewriteModelOf, visibleUpsells } from './visibility.js';

export async function subjectOf(actor: Actor): Promise<UpsellSubject> {
  const userId = await actor.userId();
  if (userId) return { kind: 'user', id: userId };
  if (!actor.visitorId) throw upsellErrors.noVisitor();
  return { kind: 'visitor', id: actor.visitorId };
}

const configuredModels = (ctx: UpsellsContext) => ctx.config.answerModels.map((m) => m.id);

/** The upsell as the API shows it: the catalogue's fields, this caller's instance, the rewrite's model. */
function view(ctx: UpsellsContext, subject: UpsellSubject, u: UpsellEntry) {
  const { impression_counter: _counted, ...fields } = u;
  return {
    ...fields,
    upsell_instance_identifier: instanceIdentifier(ctx.upsellSecret, subject, u.name),
    rewrite_model: rewriteModelOf(u, configuredModels(ctx)),
  };
}

export async function upsellsFor(
  ctx: UpsellsContext,
  actor: Actor,
  input: { location: AppLocation; threadId: string | null; visit: VisitQuery; headers: RequestHeaders },
) {
  const user = await actor.user();
  const subject: UpsellSubject | null = user ? { kind: 'user', id: user.id } : actor.visitorId ? { kind: 'visitor', id: actor.visitorId } : null;
  if (!subject) return [];
  const marks = await marksOf(ctx.db, subjectKey(subject));
  const shown = visibleUpsells(
    ctx.config.upsells.catalogue,
    input.location,
    {
      signedIn: !!user,
      isMax: user ? await isMaxSubscriber(actor) : false,
      isGovernmentOrigin: isGovernmentOrigin(user),
      traits: clientTraits(input.headers, input.visit),
      threadId: input.threadId,
      marks,
    },
    ctx.config.upsells.impressionLimits,
    { models: configuredModels(ctx), billing: !!ctx.config.billing.stripe },
  );
  return shown.map((u) => view(ctx, subject, u));
}

type Mark = { upsell_name: string; upsell_instance_identifier: string };
const MAX_ATTEMPTS = 10;

async function mark(ctx: UpsellsContext, actor: Actor, body: Mark, decide: (marks: UpsellMarks, cmd: MarkCommand) => UpsellEvent[]) {
  const subject = await subjectOf(actor);
  const stream = upsellStream(subject);
  const cmd: MarkCommand = {
    subject: subjectKey(subject),
    upsell_name: body.upsell_name,
    upsell_instance_identifier: body.upsell_instance_identifier,
    instanceMatches: isInstanceOf(ctx.upsellSecret, subject, body.upsell_name, body.upsell_instance_identifier),
    now: ctx.now(),
  };
  // A page reports the showings of its upsells together, all on this caller's stream: a lost
  // race decides again on the new state rather than failing the showing.
  for (let attempt = 1; ; attempt++) {
    const { state, version } = await ctx.store.aggregate(stream, {} as UpsellMarks, evolveUpsellMarks);
    const events = decide(state, cmd);
    try {
      if (events.length) await ctx.store.append(stream, version, events);
      return { subject, marks: events.reduce<UpsellMarks>(evolveUpsellMarks, state) };
    } catch (err) {
      if (!(err instanceof ConcurrencyError) || attempt >= MAX_ATTEMPTS) throw err;
    }
  }
}

export async function markInteracted(ctx: UpsellsContext, actor: Actor, body: Mark) {
  await mark(ctx, actor, body, (marks, cmd) => decideInteracted(marks, ctx.config.upsells.catalogue, cmd));
}

export async function recordImpression(ctx: UpsellsContext, actor: Actor, body: Mark) {
  const { marks } = await mark(ctx, actor, body, (m, cmd) => decideImpression(m, ctx.config.upsells.catalogue, ctx.config.upsells.impressionLimits, cmd));
  const upsell = ctx.config.upsells.catalogue.find((u) => u.name === body.upsell_name)!;
  return {
    upsell_name: body.upsell_name,
    impressions: marks[body.upsell_name]?.impressions ?? 0,
    limit: impressionLimitOf(upsell, ctx.config.upsells.impressionLimits),
  };
}
