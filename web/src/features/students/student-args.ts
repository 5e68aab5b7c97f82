// Arguments of the student verification redirect modal: the code a mailed link carried. Kept apart
// from the modal so the modal catalogue's types do not pull the modal in.
export type StudentVerificationRedirectArgs = { code: string };
