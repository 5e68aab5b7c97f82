// The merchants' feeds synced as one durable workflow (DBOS) per scheduled run: merchants no
// longer configured leave the catalogue, then each configured merchant's feed is read, parsed in a
// worker (a Shopify store's products are read through its Storefront API instead) and appended as
// its new catalogue (or its failure), one durable step per merchant, so a
// crash resumes at the next merchant. The run's id comes from the schedule's interval
// (services/shopping/catalogue/schedule.ts): a doubled start is one run.
import { DBOS } from '@dbos-inc/dbos-sdk';
import { feedScheduleBackground, removeUnlisted, type SyncDeps, syncMerchant } from '../services/shopping/index.js';
import type { MerchantFeed } from '../services/shared/merchant-feeds-config.js';

export function registerMerchantFeedSync(deps: SyncDeps, merchants: readonly MerchantFeed[]) {
  return DBOS.registerWorkflow(
    async (_run: string) => {
      const retried = { retriesAllowed: true, maxAttempts: 3, intervalSeconds: 2 };
      await DBOS.runStep(() => removeUnlisted(deps, merchants), { name: 'remove-unlisted', ...retried });
      const results = [];
      for (const merchant of merchants) results.push(await DBOS.runStep(() => syncMerchant(deps, merchant), { name: `sync-${merchant.id}`, ...retried }));
      return results;
    },
    { name: 'merchantFeedSync' },
  );
}

export const startMerchantFeedSync = async (workflow: ReturnType<typeof registerMerchantFeedSync>, run: string) => {
  await DBOS.startWorkflow(workflow, { workflowID: `merchant-feeds-${run}` })(run);
};

export const merchantFeedSyncBackground = feedScheduleBackground(({ db, store, now, config }) => {
  const workflow = registerMerchantFeedSync({ db, store, now, feedMaxBytes: config.shopping.feedMaxBytes }, config.shopping.merchants);
  return { start: (run) => startMerchantFeedSync(workflow, run) };
});
