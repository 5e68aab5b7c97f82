// The merchants whose product feeds make the shopping catalogue (MERCHANT_FEEDS_FILE): a JSON
// list of {id, name, url | file, currency?, shipping_rates?}. A feed is a Google Merchant
// Center product feed (XML or TSV) at an http(s) URL or in a file (relative to the list's folder).
import { dirname, resolve } from 'node:path';
import { z } from 'zod';

const shippingRate = z
  .object({
    /** ISO 3166 country the rate applies to; absent: everywhere else. */
    country: z
      .string()
      .regex(/^[A-Z]{2}$/, 'must be a two-letter country code (ISO 3166, upper case)')
      .optional(),
    price_minor: z.number().int().min(0),
    currency: z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code in upper case'),
    /** Orders of at least this much (same currency) ship free. */
    free_over_minor: z.number().int().min(0).optional(),
  })
  .strict();

const merchant = z
  .object({
    id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'must be 1-63 lower-case letters, digits or dashes'),
    name: z.string().trim().min(1).max(120),
    url: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
    file: z.string().min(1).optional(),
    /** The currency of prices the feed writes without one. */
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code in upper case')
      .optional(),
    shipping_rates: z.array(shippingRate).max(100).default([]),
  })
  .strict()
  .refine((m) => !!m.url !== !!m.file, { error: 'give either url or file' });

export type MerchantFeed = z.infer<typeof merchant>;
export type ShippingRate = z.infer<typeof shippingRate>;

/** The merchants of the file's text; files named relative to `listPath`'s folder. Throws with the first problem. */
export function parseMerchantFeeds(text: string, listPath: string): MerchantFeed[] {
  const parsed = z
    .array(merchant)
    .max(1000)
    .superRefine((list, ctx) => {
      const ids = list.map((m) => m.id);
      const twice = ids.find((id, i) => ids.indexOf(id) !== i);
      if (twice) ctx.addIssue({ code: 'custom', message: `merchant id ${twice} is listed twice` });
    })
    .safeParse(JSON.parse(text));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`${issue.path.join('.') || 'the list'}: ${issue.message}`);
  }
  return parsed.data.map((m) => (m.file ? { ...m, file: resolve(dirname(listPath), m.file) } : m));
}
