// The account settings' errors: each a stable code, a kind (its status at the edge) and its text.
import { DomainError } from '../shared/domain-error.js';
import { ABOUT_ME_MAX, SITE_INSTRUCTIONS_MAX_COUNT, SITE_INSTRUCTIONS_MAX_LENGTH } from './limits.js';

export const settingsErrors = {
  unauthenticated: () => new DomainError('unauthenticated', 'unauthenticated', 'Sign in to continue.'),
  invalidTheme: () => new DomainError('invalid', 'invalid_theme', 'Choose light, dark or system.'),
  invalidLanguage: () => new DomainError('invalid', 'invalid_answer_language', 'Choose Automatic or one of the languages listed.'),
  invalidSearchMode: () => new DomainError('invalid', 'invalid_search_mode', 'Choose one of the search modes listed.'),
  invalidAnswerStyle: () => new DomainError('invalid', 'invalid_answer_style', 'Choose one of the answer styles listed.'),
  aboutMeTooLong: () => new DomainError('invalid', 'about_me_too_long', `Keep “about me” to ${ABOUT_ME_MAX.toLocaleString('en')} characters or fewer.`),
  unknownModel: () => new DomainError('invalid', 'unknown_model', 'That model is not configured on this server. Choose one of the models listed.'),
  modelSelectionNotInPlan: () =>
    new DomainError('forbidden', 'model_selection_not_in_plan', 'Choosing the model that answers comes with the Max plan. Upgrade to choose yours.'),
  invalidDomain: () => new DomainError('invalid', 'invalid_domain', 'Give a site’s domain, such as example.com.'),
  instructionsRequired: () => new DomainError('invalid', 'instructions_required', 'Write the instructions: they cannot be blank.'),
  instructionsTooLong: () =>
    new DomainError('invalid', 'instructions_too_long', `Keep instructions to ${SITE_INSTRUCTIONS_MAX_LENGTH.toLocaleString('en')} characters or fewer.`),
  siteInstructionExists: () => new DomainError('conflict', 'site_instruction_exists', 'This site has instructions already: edit them instead.'),
  siteInstructionNotFound: () => new DomainError('not_found', 'site_instruction_not_found', 'This site has no instructions.'),
  invalidMeetingMinutes: () => new DomainError('invalid', 'invalid_meeting_minutes', 'Choose one of the meeting lengths listed.'),
  invalidMeetingHour: () => new DomainError('invalid', 'invalid_meeting_hour', 'The working day starts at 00:00-23:00 and ends at 01:00-24:00.'),
  meetingDayInvalid: () => new DomainError('invalid', 'meeting_day_invalid', 'The day must end after it starts.'),
  invalidWeekday: () => new DomainError('invalid', 'invalid_weekday', 'Working days are 0 (Sunday) to 6 (Saturday).'),
  noWorkingDay: () => new DomainError('invalid', 'no_working_day', 'Choose at least one working day.'),
  tooManySiteInstructions: () =>
    new DomainError('conflict', 'too_many_site_instructions', `You can keep instructions for up to ${SITE_INSTRUCTIONS_MAX_COUNT} sites. Remove one first.`),
};
