// What attribution runs in the background (services/shared/background.ts): the query milestones'
// consumer of the threads' questions.
import { startConsumer } from '../eventstore/consumers.js';
import type { Background, BackgroundKernel } from '../shared/background.js';
import { QUERY_MILESTONES_CONSUMER, queryMilestonesConsumer } from './query-milestones.js';

export const queryMilestonesBackground: Background<BackgroundKernel> = {
  register:
    ({ store, signals, logger }) =>
    () =>
      startConsumer(store, QUERY_MILESTONES_CONSUMER, queryMilestonesConsumer(store), {
        pollMs: 1000,
        types: ['QuestionAsked'],
        signals,
        onError: (err) => logger.error({ err }, 'attribution query milestones consumer failed; retrying'),
      }),
};
