// Student verification's configuration (issue 36): the school email domains a person may prove an
// address at (STUDENT_EMAIL_DOMAINS_FILE, one a line) and the student offer the billing
// configuration defines (`student_offer` in BILLING_PLANS_FILE). Kernel, because config reads it.
import { z } from 'zod';
import { PLAN_IDS } from './plan-catalogue.js';

/** What a verified student is offered: a plan at a Stripe promotion code's discount. */
export type StudentOffer = { plan: (typeof PLAN_IDS)[number]; promotion_code: string; description: string };

const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const MAX_DOMAINS = 100_000;

/**
 * The domains file: one domain a line (`mit.edu`, `ox.ac.uk`), `#` starts a comment, blank lines
 * skipped. A listed domain covers its subdomains too (`cs.mit.edu`). Throws the config error's message.
 */
export function parseStudentDomains(text: string): string[] {
  const out = new Set<string>();
  const lines = text.split(/\r?\n/);
  for (const [i, raw] of lines.entries()) {
    const line = raw.replace(/#.*$/, '').trim().toLowerCase().replace(/^@/, '');
    if (!line) continue;
    if (!DOMAIN.test(line)) throw new Error(`line ${i + 1}: "${line.slice(0, 80)}" is not a domain name such as mit.edu`);
    out.add(line);
  }
  if (out.size > MAX_DOMAINS) throw new Error(`lists ${out.size} domains; at most ${MAX_DOMAINS}`);
  return [...out];
}

export const studentOfferSchema = z
  .object({
    plan: z.enum(PLAN_IDS),
    promotion_code: z.string().trim().min(1).max(64),
    description: z.string().trim().min(1).max(300),
  })
  .strict();

/** The `student_offer` of the plans file, or null when it defines none. Throws the config error's message. */
export function parseStudentOffer(text: string): StudentOffer | null {
  const data = JSON.parse(text) as { student_offer?: unknown };
  if (data?.student_offer === undefined || data.student_offer === null) return null;
  const parsed = studentOfferSchema.safeParse(data.student_offer);
  if (!parsed.success) throw new Error(parsed.error.issues.map((i) => `student_offer.${i.path.join('.')}: ${i.message}`).join('; '));
  return parsed.data;
}

/** The listed domain an address is at (its own domain or a parent of it), or null. */
export function schoolDomainOf(email: string, listed: ReadonlySet<string>): string | null {
  const at = email.lastIndexOf('@');
  if (at < 1) return null;
  const host = email
    .slice(at + 1)
    .trim()
    .toLowerCase();
  const parts = host.split('.');
  for (let i = 0; i < parts.length - 1; i++) {
    const candidate = parts.slice(i).join('.');
    if (listed.has(candidate)) return candidate;
  }
  return null;
}
