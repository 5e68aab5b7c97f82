// Who makes a request: resolved once per request by the edge (services/http/actor.ts) and handed
// to use cases, which never see the request itself. What costs a database round trip is asked
// for, not given: each part is a memoised promise, so a use case that does not need the
// organisation or the plan pays nothing for them.

export type Plan = 'free' | 'pro' | 'max' | 'enterprise';

/** Where a subscription is paid: the card provider (Stripe) by default, or a store, carrier or incentive an administrator recorded. */
export type SubscriptionSource = 'stripe' | 'ios' | 'android' | 'softbank' | 'braintree' | 'incentive';

/** What a plan unlocks (the seeds' special capabilities). */
export type Capabilities = { unlimitedProSearch: boolean; maxModelSelection: boolean; unlimitedResearch: boolean; fileUpload: boolean };

/** The subscription part of the session user (services/billing builds it from its read model: no provider call). */
export type SessionSubscription = {
  subscription_status: SubscriptionStatus;
  subscription_source: SubscriptionSource;
  /** The plan in force: the subscription's while it is active or trialing, else the default plan. */
  subscription_plan: Plan;
  capabilities: Capabilities;
  /**
   * The organisation whose subscription gives the plan in force (it is higher than the person's
   * own), with the person's role in it; null when the plan is their own. Such a person has no
   * billing account of their own to manage: their organisation's owners and admins manage its bill.
   * (Optional in the type so the session users tests build need not name it; the server always sets it.)
   */
  plan_organization?: { org_uuid: string; role: 'owner' | 'admin' | 'member' } | null;
};

export type SubscriptionStatus = 'none' | 'active' | 'trialing' | 'past_due' | 'invoice_past_due' | 'white_glove_past_due' | 'canceled';

/** The signed-in person as the seeds' Session user: the account plus their first organisation. */
export type ActorUser = {
  id: string;
  name: string;
  email: string;
  /** Verified by its mailed link or by an administrator: only then does the address bind invitations to this account. */
  email_verified: boolean;
  org_uuid: string | null;
  subscription_status: SubscriptionStatus;
  /** Chosen on /account/details; absent or null until then. */
  username?: string | null;
  /** The address of their picture (/rest/users/{id}/avatar?v=…), or null. */
  image?: string | null;
  /** An administrator of this server (ADMIN_EMAILS); absent for everyone else. */
  is_admin?: boolean;
  /** A government-origin profile (GOVERNMENT_EMAIL_DOMAINS). */
  isGovernmentRequestOrigin: boolean;
} & Omit<SessionSubscription, 'subscription_status'>;

export type Actor = {
  /** The request's id (x-request-id), for logs. */
  readonly requestId: string;
  /** The anonymous visitor id of the browser (its `visitor_id` cookie), signed in or not. */
  readonly visitorId: string;
  /** The signed-in user's id, or null: one session lookup, remembered a few seconds per cookie. */
  userId(): Promise<string | null>;
  /** The signed-in user with their account and organisation, or null. */
  user(): Promise<ActorUser | null>;
  /** The signed-in user's organisation, or null (from user() when it was asked for already). */
  org(): Promise<string | null>;
  /** The signed-in user's plan; 'free' for a visitor. */
  plan(): Promise<Plan>;
};

/** How the parts of an Actor are found: given by the composition root, so the edge knows no domain. */
export type ActorSource = {
  userIdOf: (headers: RequestHeaders) => Promise<string | null>;
  userOf: (headers: RequestHeaders) => Promise<ActorUser | null>;
  orgOf: (userId: string) => Promise<string | null>;
  planOf: (user: ActorUser) => Plan;
};

/** A request's headers as Node gives them (lower-case names). */
export type RequestHeaders = Record<string, string | string[] | undefined>;

/** An Actor from its ids and a source; each part is looked up at most once. */
export function createActor(ids: { requestId: string; visitorId: string; headers: RequestHeaders }, source: ActorSource): Actor {
  let userId: Promise<string | null> | undefined;
  let user: Promise<ActorUser | null> | undefined;
  let org: Promise<string | null> | undefined;
  let plan: Promise<Plan> | undefined;
  const actor: Actor = {
    requestId: ids.requestId,
    visitorId: ids.visitorId,
    userId: () => (userId ??= source.userIdOf(ids.headers)),
    user: () => (user ??= source.userOf(ids.headers)),
    org: () => (org ??= user ? user.then((u) => u?.org_uuid ?? null) : actor.userId().then((id) => (id ? source.orgOf(id) : null))),
    plan: () => (plan ??= actor.user().then((u) => (u ? source.planOf(u) : 'free'))),
  };
  return actor;
}
