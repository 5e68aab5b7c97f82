// Partners (seed 002, "Partner config"), read with the rest of the configuration and served by
// services/partners: a partner hands out promo codes that lead to a signup flow on its landing page,
// `/join/p/{partnerCode}`. The operator lists them in PARTNERS_FILE, a JSON array of the objects
// below; nothing of it is secret, so the landing page reads it as it is.
import { z } from 'zod';

const text = (max: number) => z.string().trim().min(1).max(max);

const partnerSchema = z
  .object({
    /** The partner's code in its landing address: letters, digits, `-` and `_`. */
    code: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1 to 64 letters, digits, - or _')
      .transform((c) => c.toLowerCase()),
    name: text(100),
    messages: z.object({ title: text(200), description: text(1000), enterCodeToContinue: text(200) }).strict(),
    /** An https address (or a path on this server) of the partner's logo. */
    logoUrl: z
      .string()
      .max(2000)
      .regex(/^(https:\/\/|\/(?!\/))/, 'must be an https:// address or a path on this server')
      .optional(),
    includeLandingLogo: z.boolean().default(false),
    /** The price the landing page quotes, in the currency's main unit (e.g. 20 for $20). */
    defaultPrice: z.number().nonnegative().max(1_000_000),
    currencySymbol: text(8),
    billingPeriod: z.enum(['month', 'year']),
    maskPromoCodeFromQueryParams: z.boolean().default(false),
    allowExistingSubscribersToRedeem: z.boolean().default(false),
  })
  .strict();

export type Partner = z.infer<typeof partnerSchema>;

/** Parses PARTNERS_FILE's text; throws a message naming the first problem. */
export function parsePartners(source: string): Partner[] {
  let data: unknown;
  try {
    data = JSON.parse(source);
  } catch {
    throw new Error('is not JSON');
  }
  const parsed = z.array(partnerSchema).max(1000).safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${issue.path.join('.') || 'the file'}: ${issue.message}`);
  }
  const seen = new Set<string>();
  for (const p of parsed.data) {
    if (seen.has(p.code)) throw new Error(`partner code "${p.code}" appears twice`);
    seen.add(p.code);
  }
  return parsed.data;
}

export const partnerByCode = (partners: readonly Partner[], code: string) => partners.find((p) => p.code === code.toLowerCase()) ?? null;
