// The names of the passage index's corpora: one for the built-in guide, one per person, per
// organisation and per Space. Who may search which is each domain's rule; the names are shared.
export const HELP_CORPUS = 'help';
export const userCorpus = (userId: string) => `user:${userId}`;
export const orgCorpus = (orgUuid: string) => `org:${orgUuid}`;
/** A Space's links and files: searched when asking in the Space. */
export const spaceCorpus = (uuid: string) => `space:${uuid}`;
