// The server's own checks, run in the browser before a form is sent, so a mistake is explained
// at once; the server checks again (services/orgs/decide.ts).
import { checkDetails, normalizeEmail, orgErrors } from '../../../../services/orgs/pure';
import type { OrgDetails } from '../../../../services/orgs/events';
import { DomainError } from '../../../../services/shared/domain-error';

/** The cleaned details, or the sentence that says what is wrong. */
export function checkedDetails(changes: Partial<OrgDetails>): { ok: Partial<OrgDetails> } | { error: string } {
  try {
    return { ok: checkDetails(changes) };
  } catch (err) {
    if (err instanceof DomainError) return { error: err.message };
    throw err;
  }
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The address to invite, or the sentence that says what is wrong with it. */
export function checkedInviteEmail(raw: string): { ok: string } | { error: string } {
  const email = normalizeEmail(raw);
  return EMAIL.test(email) && email.length <= 254 ? { ok: email } : { error: orgErrors.invalidEmail().message };
}

/** Email domains typed one per line or separated by commas or spaces. */
export const splitDomains = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((d) => d.trim())
    .filter(Boolean);
