// Upsells in the mock API: the server's catalogue (the built-in one unless a scenario is given
// another), its visibility rules and its decide() over each caller's marks kept in the scenario,
// so what is served and refused is the server's. An instance identifier here is a plain string
// of who and which (the server's is keyed with its secret; a browser has none to keep).
import { getGetUpsellsMockHandler, getMarkUpsellInteractedMockHandler, getRecordUpsellImpressionMockHandler } from '../generated/msw/upsells/upsells.msw';
import type { UpsellAppLocation, UpsellMark } from '../generated/react-query/model';
import type { SessionUser } from '../generated/react-query/model';
import { planOf } from '../services/shared/plans';
import { DEFAULT_UPSELLS, DEFAULT_IMPRESSION_LIMITS, type UpsellEntry } from '../services/shared/upsell-catalogue';
import {
  clientTraits,
  decideImpression,
  decideInteracted,
  impressionLimitOf,
  type MarkCommand,
  rewriteModelOf,
  upsellErrors,
  visibleUpsells,
} from '../services/upsells/pure';
import { evolveUpsellMarks, type UpsellEvent, type UpsellMarks } from '../services/upsells/events';
import { refuse, ruled } from './problem';

export type UpsellMockOptions = {
  user: () => SessionUser | null;
  visitorId: () => string;
  marks: () => Record<string, UpsellMarks>;
  changed: () => void;
  models: readonly string[];
  /** Plans can be bought (the server's Stripe configuration): paywall upsells are served only then. */
  billing: boolean;
  catalogue?: readonly UpsellEntry[];
};

const instanceOf = (subject: string, name: string) => `${name}.mock-${subject}`;

export function upsellHandlers(opts: UpsellMockOptions) {
  const catalogue = opts.catalogue ?? DEFAULT_UPSELLS;
  const subject = () => {
    const user = opts.user();
    if (user) return `user:${user.id}`;
    if (!opts.visitorId()) refuse(upsellErrors.noVisitor());
    return `visitor:${opts.visitorId()}`;
  };
  const marksOf = (who: string) => (opts.marks()[who] ??= {});
  const mark = async (request: Request, decide: (marks: UpsellMarks, cmd: MarkCommand) => UpsellEvent[]) => {
    const body = (await request.json()) as UpsellMark;
    const who = subject();
    const cmd: MarkCommand = {
      subject: who,
      upsell_name: body.upsell_name,
      upsell_instance_identifier: body.upsell_instance_identifier,
      instanceMatches: body.upsell_instance_identifier === instanceOf(who, body.upsell_name),
      now: new Date(),
    };
    const events = ruled(() => decide(marksOf(who), cmd));
    opts.marks()[who] = events.reduce<UpsellMarks>(evolveUpsellMarks, marksOf(who));
    if (events.length) opts.changed();
    return { who, body };
  };

  return [
    getGetUpsellsMockHandler(({ request }) => {
      const url = new URL(request.url);
      const user = opts.user();
      const who = user ? `user:${user.id}` : `visitor:${opts.visitorId()}`;
      const headers = Object.fromEntries(request.headers.entries());
      const shown = visibleUpsells(
        catalogue,
        url.searchParams.get('app_location') as UpsellAppLocation,
        {
          signedIn: !!user,
          // As services/upsells/subscriber.ts: nobody is Max until billing says so.
          isMax: user ? String(planOf(user)) === 'max' : false,
          isGovernmentOrigin: false,
          traits: clientTraits(headers, {
            visit_source: url.searchParams.get('visit_source') ?? undefined,
            visit_campaign: url.searchParams.get('visit_campaign') ?? undefined,
          }),
          threadId: url.searchParams.get('thread_id'),
          marks: marksOf(who),
        },
        DEFAULT_IMPRESSION_LIMITS,
        { models: opts.models, billing: opts.billing },
      );
      return {
        upsells: shown.map(({ impression_counter: _counted, ...u }) => ({
          ...u,
          upsell_instance_identifier: instanceOf(who, u.name),
          rewrite_model: rewriteModelOf(u as UpsellEntry, opts.models),
        })),
      };
    }),
    getMarkUpsellInteractedMockHandler(async ({ request }) => {
      await mark(request, (marks, cmd) => decideInteracted(marks, catalogue, cmd));
    }),
    getRecordUpsellImpressionMockHandler(async ({ request }) => {
      const { who, body } = await mark(request, (marks, cmd) => decideImpression(marks, catalogue, DEFAULT_IMPRESSION_LIMITS, cmd));
      const upsell = catalogue.find((u) => u.name === body.upsell_name)!;
      return {
        upsell_name: body.upsell_name,
        impressions: marksOf(who)[body.upsell_name]?.impressions ?? 0,
        limit: impressionLimitOf(upsell, DEFAULT_IMPRESSION_LIMITS),
      };
    }),
  ];
}

/** The account's marks with a claimed visitor's: the most showings, clicked if either clicked. */
export function mergeUpsellMarks(account: UpsellMarks, visitor: UpsellMarks): UpsellMarks {
  const merged = { ...account };
  for (const [name, v] of Object.entries(visitor)) {
    const a = merged[name] ?? { impressions: 0, interacted: false };
    merged[name] = { impressions: Math.max(a.impressions, v.impressions), interacted: a.interacted || v.interacted };
  }
  return merged;
}
