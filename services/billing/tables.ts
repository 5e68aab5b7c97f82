// The tables billing owns. Only this domain's code queries them, through `own()`: it narrows the
// handle every context carries to these tables, so a query on another domain's table does not compile.
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../db/columns.js';
import { ownerOf } from '../db/owned.js';

/** A subscriber's subscription (billing's projection, migration 0023). */
export interface SubscriptionsTable {
  user_id: string;
  customer_id: string | null;
  subscription_id: string | null;
  source: string;
  status: string;
  plan: string | null;
  interval: string | null;
  current_period_end: Timestamp | null;
  cancel_at_period_end: boolean;
  scheduled_plan: string | null;
  scheduled_interval: string | null;
  scheduled_effective_at: Timestamp | null;
  /** An organisation's seats as last recorded (migration 0030), or null. */
  seats: number | null;
  updated_at: Timestamp;
}

/** Stripe's webhooks as received, once per event id (billing's inbox, migration 0023). */
export interface StripeWebhookEventsTable {
  event_id: string;
  type: string;
  created: ColumnType<string, number, number>;
  received_at: Timestamp;
  applied_at: Timestamp | null;
  /** What the event is about (ProviderEventSummary); null only on rows from before migration 0026, all applied. */
  summary: ColumnType<unknown, string | null, string | null>;
  attempts: Generated<number>;
  retry_at: Timestamp | null;
}

export interface BillingTables {
  subscriptions: SubscriptionsTable;
  stripe_webhook_events: StripeWebhookEventsTable;
}

/** This domain's handle on its own tables (a transaction stays a transaction). */
export const own = ownerOf<BillingTables>();
