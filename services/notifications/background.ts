// What notifications run in the background (services/shared/background.ts): the sources' events
// become notifications (each is then delivered by workflows/notification-delivery.ts).
import { checkpointAtHead, startConsumer } from '../eventstore/consumers.js';
import type { Background, BackgroundKernel } from '../shared/background.js';
import { NOTIFICATION_SOURCES_CONSUMER, notificationSourceEvents, notificationSourcesConsumer } from './source-consumer.js';

export const notificationSourcesBackground: Background<BackgroundKernel> = {
  register:
    ({ store, signals, logger }) =>
    async () => {
      // From the log's head at its first start: what happened before notifications existed is old news.
      await checkpointAtHead(store, NOTIFICATION_SOURCES_CONSUMER);
      return startConsumer(store, NOTIFICATION_SOURCES_CONSUMER, notificationSourcesConsumer({ store, now: () => new Date() }, { taskRuns: true }), {
        pollMs: 200,
        types: notificationSourceEvents({ taskRuns: true }),
        signals,
        onError: (err) => logger.error({ err }, 'notification sources consumer failed; retrying'),
      });
    },
};
