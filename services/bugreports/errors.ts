// The bug-report domain's errors: each a stable code, a kind (its status at the edge) and its text.
import { DomainError } from '../shared/domain-error.js';

/** Seed 000 §5: what a blank report is told. */
export const DESCRIBE_THE_BUG = 'Please describe the bug';

export const bugReportErrors = {
  bugTextRequired: () => new DomainError('invalid', 'bug_text_required', DESCRIBE_THE_BUG),
  unknownCategory: (category: string) => new DomainError('invalid', 'unknown_category', `"${category.slice(0, 40)}" is not a bug report category.`),
  notConfigured: () => new DomainError('unavailable', 'bug_reports_not_configured', 'Bug reports are not set up on this server.'),
  trackerFailed: () => new DomainError('unavailable', 'tracker_failed', 'The issue tracker did not take the report. Please try again later.'),
  /** A wrong hook answers as a path that does not exist, word for word (services/http/server.ts). */
  noSuchHook: (hook: string) => new DomainError('not_found', 'not_found', `/webhooks/${hook}/web not found`),
};
