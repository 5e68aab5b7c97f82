// The memories' limits (seed 003 §9: a page of the list is 20).
export const MEMORY_PAGE_SIZE = 20;
export const MEMORY_CONTENT_MAX = 500;
export const MEMORY_COMMENT_MAX = 2000;
/** The most memories an answer takes as sources. */
export const MEMORIES_PER_ANSWER = 3;
/** The text shown when a memory is marked not helpful (seed 003 §4). */
export const NOT_REFERENCED = 'This memory will not be referenced in future searches.';
