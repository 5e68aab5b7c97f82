// Who counts as an existing subscriber for partner promos (seed 002 §6: "Existing Pro: blocked
// from partner promos by default"): anyone whose subscription is running, paid or owed.
const SUBSCRIBED = new Set(['active', 'trialing', 'past_due', 'invoice_past_due', 'white_glove_past_due']);

export const isExistingSubscriber = (user: { subscription_status: string } | null) => !!user && SUBSCRIBED.has(user.subscription_status);
