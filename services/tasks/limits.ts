// The tasks' limits. The most tasks and price alerts a person keeps come from their plan
// (services/shared/plan-catalogue.ts); the longest prompt is the longest question.
/** The longest question threads take (threads' MAX_QUERY_LENGTH; limits.test.ts keeps them equal). Not imported: the mocks run this in the browser. */
export const TASK_PROMPT_MAX = 2000;
export const TASK_TITLE_MAX = 200;
/** Where a task's answer looks (the ask's search modes): the web, the help guide. */
export const TASK_SOURCES = ['web', 'help'] as const;
