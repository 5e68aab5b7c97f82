// Arguments of the sharing modals (request access, lose your answer?). Kept apart from the
// modals so the modal catalogue's types do not pull the modals in.
/** Ask the owner of a private thread for access. */
export type RequestAccessArgs = { slug: string };
/** An anonymous visitor leaving an answer; `onLeave` goes on without keeping it. */
export type LossAversionArgs = { onLeave?: () => void };
