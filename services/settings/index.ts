// What other domains use of the person's settings (threads: the asker's defaults for a question).
export { settingsOf, type SettingsRow } from './queries.js';
export { effectiveModel } from './views.js';
export { ANSWER_LANGUAGES } from './limits.js';
