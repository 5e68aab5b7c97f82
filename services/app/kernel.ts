// The kernel's parts, built before the workflow runtime starts (it may resume a workflow at
// launch): the event store, auth and sessions, mail, storage, billing's plans and provider, and
// how the edge finds who makes a request.
import { DBOS } from '@dbos-inc/dbos-sdk';
import { sql } from 'kysely';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { queueAccountMail } from '../../workflows/account-mail.js';
import { type BillingDeps, createStripeProvider, type PlanRules, sessionSubscriptionOf } from '../billing/index.js';
import { EventStore } from '../eventstore/store.js';
import { createAuth, createSessionIds, migrateAuth, sessionActors } from '../identity/index.js';
import { createMailTransport } from '../mail/index.js';
import type { Config } from '../shared/config.js';
import type { KernelContext } from '../shared/context.js';
import { planOf } from '../shared/plans.js';
import { createSignInGuard } from '../shared/sign-in-guard.js';
import { createStorage } from '../storage/create-storage.js';
import type { AppDatabase } from './database.js';
import type { Logger } from './logger.js';
import { projections } from './projections.js';

export type AppKernel = Awaited<ReturnType<typeof buildKernel>>;

export async function buildKernel(config: Config, logger: Logger, database: AppDatabase, stopping: () => boolean) {
  const { pool, db } = database;
  const secret = config.authSecret ?? persistedSecret(config.dataDir);
  const authOptions = {
    pool,
    secret,
    baseURL: config.publicUrl,
    trustedOrigins: config.trustedOrigins,
    signInProviders: config.signInProviders,
    mailLeaves: !!config.smtpUrl,
    cheapPasswordHashes: config.cheapPasswordHashes,
  };
  await migrateAuth(authOptions);
  const store = new EventStore(db, projections);
  const sendAccountMail = queueAccountMail(store);
  // Wrong passwords per account and client; a password reset forgets the account's (the owner's way in).
  const signInGuard = createSignInGuard(config.signInRateLimit);
  const auth = createAuth({ ...authOptions, sendMail: sendAccountMail, onPasswordReset: (email) => signInGuard.forgetAccount(email) });
  const sessions = createSessionIds();
  const isReady = async () => {
    if (stopping() || !DBOS.isInitialized()) return false;
    return sql`select 1`.execute(db).then(
      () => true,
      () => false,
    );
  };
  // Billing: the plans, and Stripe when it is configured (off: everyone has BILLING_DEFAULT_PLAN).
  const billingProvider = config.billing.stripe ? createStripeProvider(config.billing.stripe) : null;
  const planRules: PlanRules = { plans: config.billing.plans, fallbackPlan: billingProvider ? 'free' : config.billing.defaultPlan };
  const subscriptionOf = (userId: string) => sessionSubscriptionOf(db, planRules, userId);
  const actors = sessionActors({
    auth,
    db,
    sessions,
    planOf,
    adminEmails: config.adminEmails,
    subscriptionOf,
    governmentEmailDomains: config.billing.government.emailDomains,
  });
  const kernel: KernelContext = { config, db, store, actors, logger, now: () => new Date(), storage: createStorage(config, secret), isReady };
  const billing: BillingDeps = {
    db,
    store,
    now: () => new Date(),
    logger,
    provider: billingProvider,
    rules: planRules,
    forgetSessions: () => sessions.forgetAll(),
  };
  return {
    kernel,
    secret,
    auth,
    sessions,
    signInGuard,
    sendAccountMail,
    transport: createMailTransport(config.smtpUrl, config.mailFrom),
    billing,
    subscriptionOf,
  };
}

/** Without AUTH_SECRET, a random secret is made once and kept with the data, so sessions survive restarts. */
function persistedSecret(dataDir: string) {
  const file = join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
