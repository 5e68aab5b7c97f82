// The notifications' limits.
export const NOTIFICATION_TITLE_MAX = 200;
export const NOTIFICATION_BODY_MAX = 1000;
export const NOTIFICATION_URL_MAX = 2048;
/** A page of the centre. */
export const NOTIFICATION_PAGE_SIZE = 20;
/** The browsers a person keeps subscribed; a further one replaces the oldest. */
export const PUSH_SUBSCRIPTIONS_MAX = 20;
export const PUSH_ENDPOINT_MAX = 2048;
