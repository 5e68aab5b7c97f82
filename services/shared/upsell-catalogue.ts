// The operator's upsell catalogue (seed 002 §3 "Upsell"): the messages the app may show, where,
// and what a click does. Read from `UPSELLS_FILE` (a JSON array) or the built-in default below,
// checked at start so a typo stops the server with a message naming the item and the field.
import { z } from 'zod';

export const UPSELL_TYPES = [
  'login',
  'pro_upgrade',
  'enterprise_upgrade',
  'thread_to_space',
  'connector',
  'rewrite_answer',
  'permalink',
  'set_default_browser',
  'browser_download',
  'image_announcement',
  'merge_auth_connector',
  'shortcut',
  'student_verification',
] as const;
export type UpsellType = (typeof UPSELL_TYPES)[number];

/** Seed: modal, in-thread, in-thread bottom, in-thread input, sidebar, side card. */
export const APP_LOCATIONS = ['modal', 'in_thread', 'in_thread_bottom', 'in_thread_input', 'sidebar', 'side_card'] as const;
export type AppLocation = (typeof APP_LOCATIONS)[number];

export const BUTTON_COLORS = ['max_gold', 'primary', 'inverted', 'secondary'] as const;
export const ICON_REFERENCES = ['labs', 'comet_download'] as const;

/** The upsells whose showings are counted per person or visitor (seed 002 §9). */
export const IMPRESSION_COUNTERS = ['welcome_back', 'share_gate', 'student_space'] as const;
export type ImpressionCounter = (typeof IMPRESSION_COUNTERS)[number];
export type ImpressionLimits = Record<ImpressionCounter, number>;
export const DEFAULT_IMPRESSION_LIMITS: ImpressionLimits = { welcome_back: 3, share_gate: 3, student_space: 3 };

/** The model a rewrite asks with when its upsell names none (seed 002 §4). */
export const DEFAULT_REWRITE_MODEL = 'pplx_pro';

const text = (max: number) =>
  z
    .string()
    .trim()
    .min(1, { error: 'must not be blank' })
    .max(max, { error: `must be at most ${max} characters` });
const optionalText = (max: number) =>
  text(max)
    .nullish()
    .transform((v) => v ?? null);
/** An address the browser opens: a path of this app or an http(s) URL, never `javascript:` and the like. */
const address = z
  .string()
  .trim()
  .max(2000, { error: 'must be at most 2000 characters' })
  .refine((v) => /^\/(?!\/)/.test(v) || /^https?:\/\/[^\s]+$/i.test(v), { error: 'must be a path starting with / or an http(s):// URL' });
const optionalAddress = address.nullish().transform((v) => v ?? null);
const optionalFlag = z
  .boolean({ error: 'must be true or false' })
  .nullish()
  .transform((v) => v ?? null);
const oneOf = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: `must be one of ${values.join(', ')}` });

const ctaInformation = z
  .strictObject({
    merge_auth_token: optionalText(500),
    merge_auth_callback_uuid: optionalText(100),
    model_preference: optionalText(100),
    permalink: optionalAddress,
    permalink_new_tab: optionalFlag,
    secondary_permalink: optionalAddress,
    secondary_permalink_new_tab: optionalFlag,
  })
  .nullish()
  .transform(
    (v) =>
      v ?? {
        merge_auth_token: null,
        merge_auth_callback_uuid: null,
        model_preference: null,
        permalink: null,
        permalink_new_tab: null,
        secondary_permalink: null,
        secondary_permalink_new_tab: null,
      },
  );

const entry = z
  .strictObject({
    name: z.string().regex(/^[a-z0-9_]{1,100}$/, { error: 'must be 1 to 100 lower-case letters, digits or _' }),
    upsell_type: oneOf(UPSELL_TYPES),
    app_location: oneOf(APP_LOCATIONS),
    title: text(200),
    description: optionalText(1000),
    cta: optionalText(200),
    button_text: optionalText(60),
    image_asset: optionalAddress,
    image_asset_low_res: optionalAddress,
    cta_information: ctaInformation,
    upgrade_paywall_title: optionalText(200),
    connector_type: optionalText(60),
    recommended_shortcut: z
      .strictObject({ name: text(100), prompt: text(2000) })
      .nullish()
      .transform((v) => v ?? null),
    button_color: oneOf(BUTTON_COLORS)
      .nullish()
      .transform((v) => v ?? null),
    icon_reference: oneOf(ICON_REFERENCES)
      .nullish()
      .transform((v) => v ?? null),
    impression_counter: oneOf(IMPRESSION_COUNTERS)
      .nullish()
      .transform((v) => v ?? null),
  })
  // What a click needs to do anything (seed 002 §4): refused at start rather than a dead button.
  .superRefine((u, ctx) => {
    const need = (ok: unknown, path: string, what: string) => {
      if (!ok) ctx.addIssue({ code: 'custom', path: path.split('.'), message: `is required for ${what}` });
    };
    if (u.upsell_type === 'image_announcement') {
      need(u.image_asset, 'image_asset', 'an image announcement');
      need(u.image_asset_low_res, 'image_asset_low_res', 'an image announcement');
      need(u.button_text, 'button_text', 'an image announcement');
    }
    if (u.upsell_type === 'permalink') need(u.cta_information.permalink, 'cta_information.permalink', 'a permalink upsell');
    if (u.upsell_type === 'shortcut') need(u.recommended_shortcut, 'recommended_shortcut', 'a shortcut upsell');
    if (u.upsell_type === 'connector' || u.upsell_type === 'merge_auth_connector') need(u.connector_type, 'connector_type', 'a connector upsell');
  });

export type UpsellEntry = z.output<typeof entry>;

/**
 * Parses the catalogue file: a JSON array of upsells with unique names. Throws a message for the
 * config error, e.g. `item 2 ("share_gate"): app_location must be one of …`.
 */
export function parseUpsellCatalogue(source: string): UpsellEntry[] {
  let data: unknown;
  try {
    data = JSON.parse(source);
  } catch {
    throw new Error('is not JSON');
  }
  if (!Array.isArray(data) || data.length > 200) throw new Error('must be a JSON array of at most 200 upsells');
  const seen = new Set<string>();
  return data.map((item, i) => {
    const label = `item ${i + 1}${typeof item?.name === 'string' ? ` ("${item.name}")` : ''}`;
    const parsed = entry.safeParse(item);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue.path.join('.');
      throw new Error(
        `${label}: ${field ? `${field} ` : ''}${issue.code === 'unrecognized_keys' ? `has unknown field(s) ${issue.keys.join(', ')}` : issue.message}`,
      );
    }
    if (seen.has(parsed.data.name)) throw new Error(`${label}: name is used by an earlier item`);
    seen.add(parsed.data.name);
    return parsed.data;
  });
}

/**
 * Parses `UPSELL_IMPRESSION_LIMITS`, e.g. `welcome_back=3,share_gate=5`: how many times each
 * counted upsell is shown to one person or visitor; those left out keep their defaults.
 */
export function parseImpressionLimits(source: string): ImpressionLimits {
  const limits = { ...DEFAULT_IMPRESSION_LIMITS };
  for (const part of source
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const m = /^(welcome_back|share_gate|student_space)=(\d{1,6})$/.exec(part);
    if (!m || Number(m[2]) < 1) throw new Error(`"${part}" is not counter=times (1 or more), e.g. welcome_back=3,share_gate=3,student_space=3`);
    limits[m[1] as ImpressionCounter] = Number(m[2]);
  }
  return limits;
}

/**
 * The built-in catalogue, used without `UPSELLS_FILE`: the seed's two campaigns. Pro upgrade in
 * the sidebar (signed-in people below Max), and the answer asked again with Pro at the end of a
 * thread (served only where the server runs the `pplx_pro` model).
 */
export const DEFAULT_UPSELLS: UpsellEntry[] = parseUpsellCatalogue(
  JSON.stringify([
    {
      name: 'pro_upgrade',
      upsell_type: 'pro_upgrade',
      app_location: 'sidebar',
      title: 'Upgrade to Pro',
      description: 'More Pro answers, the best models and more files.',
      button_text: 'See plans',
      upgrade_paywall_title: 'Upgrade to Pro',
      button_color: 'primary',
    },
    {
      name: 'auto_upgrade_to_pro',
      upsell_type: 'rewrite_answer',
      app_location: 'in_thread_bottom',
      title: 'Want a deeper answer?',
      description: 'Ask this again with the Pro model.',
      button_text: 'Rewrite with Pro',
      cta_information: { model_preference: DEFAULT_REWRITE_MODEL },
      button_color: 'max_gold',
    },
  ]),
);
