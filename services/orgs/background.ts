// What the organisations domain runs in the background (services/shared/background.ts): the
// insights' consumer of the log.
import { startConsumer } from '../eventstore/consumers.js';
import type { Background, BackgroundKernel } from '../shared/background.js';
import { INSIGHTS_CONSUMER, INSIGHTS_EVENTS, type InsightSources, insightsConsumer } from './insights.js';

/** `sources`: threads' and files' reads, wired by services/app (they sit above orgs). */
export const orgInsightsBackground = (sources: InsightSources): Background<BackgroundKernel> => ({
  register:
    ({ store, signals, logger }) =>
    () =>
      startConsumer(store, INSIGHTS_CONSUMER, insightsConsumer(sources), {
        pollMs: 1000,
        types: INSIGHTS_EVENTS,
        signals,
        onError: (err) => logger.error({ err }, 'organisation insights consumer failed; retrying'),
      }),
});
