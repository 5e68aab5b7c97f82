// What other parts use of notifications (docs/architecture.md: a domain is used only through its index.ts).
export { type NotifyDeps, type NotifyRequest, notify, dropExpired } from './use-cases.js';
export type { NotifyInput } from './decide.js';
export { NOTIFICATION_KINDS, type NotificationKind, type NotificationSent, DEFAULT_PREFERENCES } from './events.js';
export { notificationsProjection } from './projections.js';
export { notificationRedactors } from './erasure.js';
export { notificationsExport } from './export.js';
export { notificationRoutes } from './routes.js';
export type { NotificationsContext } from './context.js';
export { notificationMail } from './mail.js';
export { pushSubscriptionsOf, withPushSubscriptions } from './queries.js';
export { createPushSender, isPushServiceEndpoint, type PushPayload, type PushSender, type PushTarget, type VapidKeys, vapidKeys } from './web-push.js';
export { NOTIFICATION_SOURCES_CONSUMER, notificationSourceEvents, notificationSourcesConsumer } from './source-consumer.js';
export { accessRequestNotice, spaceInvitationNotice, TASK_RUN_EVENTS, type TaskRunFailed, type TaskRunSucceeded, taskRunNotice } from './sources.js';
export { CENTRE_CHANNEL, type CentreSignals, centreSignalsOn } from './centre-signals.js';
export { notificationSourcesBackground } from './background.js';
