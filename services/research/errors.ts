// The Research domain's errors: each a stable code, a kind (its status at the edge) and its text.
import { DomainError } from '../shared/domain-error.js';

export const NEEDS_MODEL = 'Research needs a configured language model (LLM_BASE_URL), and this server has none. Ask for a quick answer instead.';

export const researchErrors = {
  needsModel: () => new DomainError('unprocessable', 'research_needs_model', NEEDS_MODEL),
  loginRequired: () => new DomainError('unauthenticated', 'login_required', 'Sign in to use Research.'),
  quotaReached: (limit: number) =>
    new DomainError(
      'rate_limited',
      'research_quota_reached',
      `You have used your ${limit} Research ${limit === 1 ? 'report' : 'reports'} for today. More can start tomorrow, or now on a plan with unlimited Research.`,
    ),
  notFound: () => new DomainError('not_found', 'research_not_found', 'No such Research report.'),
};
