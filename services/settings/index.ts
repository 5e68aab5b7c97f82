// What other domains use of the person's settings (threads: the asker's defaults for a question;
// answers: the language names; an export of the person's data: all of it).
export { meetingDefaultsOf, settingsOf, siteInstructionsOf, type SettingsRow } from './queries.js';
export { effectiveModel } from './views.js';
export { ANSWER_LANGUAGES } from './limits.js';
export { settingsRedactors } from './erasure.js';
export { accountSettingsProjection } from './projections.js';
export { accountSettingsRoutes } from './routes.js';
