// What the subscription button is (seeds 002 §2 and 003 §2): signed out, it asks to sign in
// ('Sign in to unlock Pro'); Pro access, a past-due status or a previous subscription make it a
// manage button (the billing portal, or the app's store page for a store subscription); anyone
// else sees 'Learn more', which leads to the upgrade flow. A member whose plan comes only from
// their organisation has no billing account of their own (its portal would answer 404
// no_billing_account); the seeds say nothing of them, so the button says where the plan comes
// from, and only the organisation's owners and admins get 'Manage', to the organisation's billing.
import type { SessionUser } from '../../../../generated/react-query/model';

export const LOGIN_PITCH = 'Sign in to unlock Pro';
export const LEARN_MORE = 'Learn more';
export const MANAGE = 'Manage subscription';
export const MANAGE_ORG = 'Manage';
export const fromOrganization = (plan: string) => `Your ${PLAN_NAME[plan] ?? plan} plan comes from your organization.`;
const PLAN_NAME: Record<string, string> = { pro: 'Pro', max: 'Max', enterprise: 'Enterprise' };

const PAST_DUE = new Set(['past_due', 'invoice_past_due', 'white_glove_past_due']);
const PAID = new Set(['pro', 'max', 'enterprise']);

export type SubscriptionButtonState =
  | { kind: 'learn-more'; signedIn: false }
  | { kind: 'learn-more'; signedIn: true }
  | { kind: 'manage'; target: 'portal' | 'ios' | 'android' }
  | { kind: 'organization'; plan: string; manage: boolean };

export function subscriptionButtonState(
  user: Pick<SessionUser, 'subscription_status' | 'subscription_plan' | 'subscription_source' | 'plan_organization'> | null,
): SubscriptionButtonState {
  if (!user) return { kind: 'learn-more', signedIn: false };
  const proAccess = PAID.has(user.subscription_plan ?? 'free');
  const pastDue = PAST_DUE.has(user.subscription_status);
  const previous = user.subscription_status === 'canceled';
  // Their own past-due or previous subscription is theirs to manage; otherwise the organisation's plan is not.
  if (user.plan_organization && !pastDue && !previous) {
    const role = user.plan_organization.role;
    return { kind: 'organization', plan: user.subscription_plan ?? 'free', manage: role === 'owner' || role === 'admin' };
  }
  if (!proAccess && !pastDue && !previous) return { kind: 'learn-more', signedIn: true };
  const source = user.subscription_source;
  return { kind: 'manage', target: source === 'ios' ? 'ios' : source === 'android' ? 'android' : 'portal' };
}
