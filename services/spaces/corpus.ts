/** The passage corpus of a Space's links (and, later, files): searched when asking in the Space. */
export const spaceCorpus = (uuid: string) => `space:${uuid}`;
