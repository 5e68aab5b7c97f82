// The one place that reads the environment. Bad values stop the start with a clear message.
import { z } from 'zod';
import { resolve } from 'node:path';
import { readFileSync } from 'node:fs';
import { OFFLINE_MODEL, OFFLINE_MODEL_NAME, parseModelChoices } from './answer-models.js';
import { parsePerks, parsePlanFileLimits } from './plans.js';
import { parsePartners } from './partners.js';
import { DEFAULT_UPSELLS, parseImpressionLimits, parseUpsellCatalogue } from './upsell-catalogue.js';
import { defaultCatalogue, fileLimitsOf, parsePlanCatalogue, PLAN_IDS, type PlanCatalogue } from './plan-catalogue.js';
import { parseCidrList } from './cidr.js';
import { parseShippingRates } from './shipping-rates.js';
import { parseConnectorConfig } from './connector-config.js';
import { type MerchantFeed, parseMerchantFeeds, shopifyMerchantOf } from './merchant-feeds-config.js';

import { parseStudentDomains, parseStudentOffer } from './student-config.js';

/** Market-data providers with an adapter (services/market), and the base URL of each one's API. */
export const MARKET_DATA_PROVIDERS = ['finnhub'] as const;
export type MarketDataProvider = (typeof MARKET_DATA_PROVIDERS)[number];
const MARKET_DATA_DEFAULT_URL: Record<MarketDataProvider, string> = { finnhub: 'https://finnhub.io/api/v1' };

/** Issue trackers bug reports can be filed in (services/bugreports). */
export const BUG_TRACKERS = ['linear', 'github'] as const;

/** A number in [min, max] with one message for every way it can be wrong. */
const numberIn = (min: number, max: number, what: string, whole = true) => {
  const error = `must be ${what}`;
  const n = z.coerce.number({ error });
  return (whole ? n.int({ error }) : n).min(min, { error }).max(max, { error });
};
const port = numberIn(0, 65535, 'a port number from 0 to 65535');
const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
/** A URL whose scheme the part using it speaks: `localhost:3000` alone would parse as a URL too. */
const url = (protocol: RegExp, what: string) => z.url({ protocol, error: `must be ${what}` });

const schema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: port.default(3000),
  PUBLIC_URL: url(/^https?$/, 'an http:// or https:// URL').optional(),
  TRUSTED_ORIGINS: z.string().default(''),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: url(/^postgres(ql)?$/, 'a postgres:// or postgresql:// URL').optional(),
  EMBEDDED_PG_PORT: port.default(5433),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters (for example: openssl rand -hex 32)').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  VALIDATE_RESPONSES: bool.optional(),
  SIGN_IN_RATE_LIMIT: numberIn(1, 1_000_000, 'a whole number of attempts, at least 1').default(10),
  SMTP_URL: url(/^smtps?$/, 'an smtp:// or smtps:// URL').optional(),
  MAIL_FROM: z.string().min(3).default('Answer Engine <no-reply@localhost>'),
  // Administrators of this server: accounts whose verified address is listed (comma-separated).
  ADMIN_EMAILS: z.string().default(''),
  WELCOME_MAIL_DELAY_SECONDS: numberIn(0, 86_400, 'a number of seconds from 0 to 86400', false).default(60),
  ACCOUNT_DELETION_PAUSE_SECONDS: numberIn(0, 3_600, 'a number of seconds from 0 to 3600', false).default(0),
  // Several instances on one database (docs/scaling.md): each its own stable id; one silent for a
  // lease is taken over by another.
  INSTANCE_ID: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,64}$/, 'letters, digits, dot, dash or underscore, at most 64')
    .default('local'),
  INSTANCE_LEASE_SECONDS: numberIn(1, 3_600, 'a number of seconds from 1 to 3600', false).default(30),
  WEB_DIST: z.string().default('./dist/web'),
  // The answer model: all three of base URL and model, or none (the offline extractive model).
  LLM_BASE_URL: url(/^https?$/, 'an http:// or https:// URL (e.g. http://127.0.0.1:11434/v1)').optional(),
  LLM_API_KEY: z.string().min(1).optional(),
  LLM_MODEL: z.string().min(1).max(100).optional(),
  // More models of the same endpoint people may choose (account > assistant): `id=Name shown,...`.
  LLM_MODELS: z.string().default(''),
  LLM_TIMEOUT_SECONDS: numberIn(1, 600, 'a number of seconds from 1 to 600', false).default(60),
  SEARXNG_URL: url(/^https?$/, 'an http:// or https:// URL of a SearXNG instance').optional(),
  // A web answer reads its top results' pages (issue 33; off: it quotes their snippets): how long one page may take before its
  // snippet stands in, and how long a read page is kept before it is revalidated.
  WEB_PAGES_READ: bool.default(true),
  WEB_PAGE_TIMEOUT_SECONDS: numberIn(0.1, 30, 'a number of seconds from 0.1 to 30', false).default(4),
  WEB_PAGE_CACHE_TTL_SECONDS: numberIn(0, 86_400, 'a number of seconds from 0 to 86400', false).default(600),
  // Research reports (issue 33): how many a day the plans without unlimitedResearch may start, and each report's bounds.
  RESEARCH_FREE_PER_DAY: numberIn(0, 10_000, 'a whole number of reports, 0 or more').default(1),
  RESEARCH_PRO_PER_DAY: numberIn(0, 10_000, 'a whole number of reports, 0 or more').default(5),
  RESEARCH_MAX_SOURCES: numberIn(1, 100, 'a whole number of sources from 1 to 100').default(20),
  RESEARCH_TIME_LIMIT_SECONDS: numberIn(10, 7_200, 'a number of seconds from 10 to 7200', false).default(600),
  // Pro Search (issue 33): how many a day a person whose plan lacks unlimitedProSearch may ask.
  PRO_SEARCH_DAILY_LIMIT: numberIn(0, 10_000, 'a whole number from 0 to 10000').default(3),
  // Translation: a LibreTranslate-compatible server; without it texts come back untranslated.
  TRANSLATE_URL: url(/^https?$/, 'an http:// or https:// URL of a LibreTranslate-compatible server').optional(),
  TRANSLATE_API_KEY: z.string().min(1).optional(),
  // Try-on: an OpenAI-compatible images edit endpoint (POST {IMAGE_BASE_URL}/images/edits);
  // without it avatars and try-ons are not offered. Its time limit, with the product picture's
  // fetch (5 s), stays under the seed's client timeouts (35 s try-on, 40 s avatar) so the client hears the reason.
  IMAGE_BASE_URL: url(/^https?$/, 'an http:// or https:// URL of an OpenAI-compatible API (e.g. https://api.openai.com/v1)').optional(),
  IMAGE_API_KEY: z.string().min(1).optional(),
  IMAGE_MODEL: z.string().min(1).max(100).default('gpt-image-1'),
  IMAGE_TIMEOUT_SECONDS: numberIn(1, 30, 'a number of seconds from 1 to 30', false).default(28),
  // "host:port" pairs a product picture may be fetched from although private (tests' fake shops).
  TRY_ON_ALLOW_PRIVATE_HOSTS: z.string().default(''),
  // Space links: host:port pairs on private addresses that may still be fetched (a self-hosted
  // wiki on the LAN, or a test's fake site). Empty: only public addresses.
  SPACE_LINKS_ALLOW_PRIVATE_HOSTS: z.string().default(''),
  // Tool servers (MCP) the administrator installs: a JSON file of stdio commands and DXT/MCPB
  // bundles (services/tools/installed.ts). Empty: none; people may still add remote servers.
  MCP_SERVERS_FILE: z.string().default(''),
  // Shopping (issue 35): the merchants' product feeds (services/shared/merchant-feeds-config.ts),
  // how often each is fetched again, and the largest feed read.
  MERCHANT_FEEDS_FILE: z.string().default(''),
  MERCHANT_FEED_INTERVAL_SECONDS: numberIn(60, 604_800, 'a whole number of seconds from 60 to 604800').default(3600),
  MERCHANT_FEED_MAX_MB: numberIn(1, 1024, 'a whole number of megabytes from 1 to 1024').default(50),
  // One Shopify store without a list (services/shared/merchant-feeds-config.ts): its domain and
  // Storefront API token (both or neither), and the name people see (else the domain).
  SHOPIFY_STORE_DOMAIN: z.string().min(1).optional(),
  SHOPIFY_STOREFRONT_TOKEN: z.string().min(1).optional(),
  SHOPIFY_STORE_NAME: z.string().min(1).optional(),
  // Web Push (issue 18): who the push services may contact about this server's notifications,
  // and its VAPID key pair (made once into DATA_DIR/vapid-keys.json when not given).
  WEB_PUSH_SUBJECT: z
    .string()
    .regex(/^(mailto:[^@\s]+@[^@\s]+|https:\/\/\S+)$/, 'must be a mailto: address or an https:// URL (e.g. mailto:admin@example.com)')
    .optional(),
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'must be a base64url P-256 public key (87 characters; npx web-push generate-vapid-keys)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a base64url P-256 private key (43 characters)')
    .optional(),
  WEB_PUSH_ALLOW_PRIVATE_HOSTS: z.string().default(''),
  // File storage: an S3-compatible bucket (all of endpoint, bucket and keys), or none for the
  // local bucket under DATA_DIR/storage.
  S3_ENDPOINT: url(/^https?$/, 'an http:// or https:// URL of an S3-compatible endpoint').optional(),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.default(true),
  FILE_MAX_MB: numberIn(1, 5_000, 'a whole number of megabytes from 1 to 5000').default(50),
  FILE_LIMITS: z.string().default(''),
  // The operator's own perks of Pro, listed on /account/pro-perks beside the file limits.
  PRO_PERKS_FILE: z.string().min(1).optional(),
  // Partners' landing pages (seed 002): a JSON file of partners (services/partners/partners.ts).
  PARTNERS_FILE: z.string().min(1).optional(),
  // Where the phone apps are downloaded, for the get-the-app screen.
  APP_STORE_URL: url(/^https$/, 'an https:// address').optional(),
  PLAY_STORE_URL: url(/^https$/, 'an https:// address').optional(),
  // Each store's rating and count of reviews, as the store shows them: shown only when set.
  APP_STORE_RATING: numberIn(0, 5, 'a rating from 0 to 5, e.g. 4.9', false).optional(),
  APP_STORE_REVIEWS: numberIn(0, 1e9, 'a whole number of reviews, e.g. 80000').optional(),
  PLAY_STORE_RATING: numberIn(0, 5, 'a rating from 0 to 5, e.g. 4.8', false).optional(),
  PLAY_STORE_REVIEWS: numberIn(0, 1e9, 'a whole number of reviews, e.g. 252000').optional(),
  // How long an upload form counts toward the file limits if it is never indexed; then its bytes
  // are removed. Its form stops working at half of it (at most 15 minutes).
  // Sign-in with an OpenID Connect provider: issuer, client id and secret together, or none. The
  // name is what its button says ("Continue with <name>").
  OIDC_ISSUER: url(/^https?$/, 'an http:// or https:// URL of an OpenID Connect issuer').optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_NAME: z.string().min(1).max(40).default('single sign-on'),
  // Sign-in with Google, Microsoft and GitHub: each when both its client id and secret are set.
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  MICROSOFT_CLIENT_ID: z.string().min(1).optional(),
  MICROSOFT_CLIENT_SECRET: z.string().min(1).optional(),
  MICROSOFT_TENANT_ID: z.string().min(1).default('common'),
  GITHUB_CLIENT_ID: z.string().min(1).optional(),
  GITHUB_CLIENT_SECRET: z.string().min(1).optional(),
  // Attribution: leads reported to Dub when its API key is set (DUB_API_BASE for a self-run or test server).
  DUB_API_KEY: z.string().min(1).optional(),
  DUB_API_BASE: url(/^https?$/, "an http:// or https:// URL of Dub's API").default('https://api.dub.co'),
  // The assistant browser's downloads: links are this URL with channel=stable and a platform; unset, none are offered.
  BROWSER_DOWNLOAD_BASE_URL: url(/^https?$/, 'an http:// or https:// URL of the browser downloads').optional(),
  // Download mails per hour to one address (three times as many from one client address).
  DOWNLOAD_MAIL_RATE_LIMIT: numberIn(1, 1_000, 'a whole number of mails from 1 to 1000').default(3),
  // Organisation single sign-on: an issuer an admin types may be http:// or on a private or
  // loopback address only when this is true (a provider on the LAN; the tests' provider).
  SSO_ALLOW_PRIVATE_ISSUERS: bool.default(false),
  // Tests only (refused unless NODE_ENV=test): a JSON file of TXT records, {"<name>": ["<text>"]},
  // read at each lookup in place of DNS, so a test can prove a domain it does not own.
  SSO_TEST_DNS_FILE: z.string().min(1).optional(),
  // Tests only (refused unless NODE_ENV=test): passwords hashed with a cheap scrypt, not Better
  // Auth's default (services/identity/cheap-password-hashing.ts), as the test servers sign up thousands.
  TEST_CHEAP_PASSWORD_HASHES: bool.default(false),
  // Scheduled tasks: how often the scheduler looks for due runs (milliseconds).
  TASKS_TICK_MS: numberIn(50, 60_000, 'a whole number of milliseconds from 50 to 60000').default(1000),
  // The in-browser agent's bounds (issue 34): a task fails past them.
  AGENT_MAX_STEPS: numberIn(1, 500, 'a whole number of steps from 1 to 500').default(50),
  AGENT_MAX_CONSECUTIVE_FAILURES: numberIn(1, 50, 'a whole number from 1 to 50').default(3),
  AGENT_MAX_ACTIONS_PER_STEP: numberIn(1, 20, 'a whole number from 1 to 20').default(5),
  // How long the agent waits for the extension's reply to one request before it sends it again.
  AGENT_REPLY_WAIT_SECONDS: numberIn(1, 300, 'a whole number of seconds from 1 to 300').default(30),
  // Tests only (refused unless NODE_ENV=test): a file holding an ISO time the task scheduler takes
  // as now while it is later than the real time, so a browser test can see a run come.
  TASKS_TEST_CLOCK_FILE: z.string().min(1).optional(),
  UPLOAD_TTL_SECONDS: numberIn(2, 7 * 86_400, 'a whole number of seconds from 2 to 604800').default(3600),
  // Upsells (seed 002 §3): the operator's catalogue (a JSON file), else the built-in one; and how
  // many times each counted upsell is shown to one person or visitor.
  UPSELLS_FILE: z.string().min(1).optional(),
  UPSELL_IMPRESSION_LIMITS: z.string().default(''),
  // Billing: Stripe's secret key turns it on (with the webhook secret); without it everyone has
  // BILLING_DEFAULT_PLAN and the billing calls say billing is not configured.
  STRIPE_SECRET_KEY: z.string().min(8).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(8).optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().min(8).optional(),
  // Tests only: the Stripe fake's address (the SDK's host, port and protocol).
  STRIPE_API_BASE: url(/^https?$/, 'an http:// or https:// URL').optional(),
  BILLING_PLANS_FILE: z.string().min(1).optional(),
  // Student verification (issue 36): the school email domains, one a line; unset: no verification.
  STUDENT_EMAIL_DOMAINS_FILE: z.string().min(1).optional(),
  // Shopping payments (issue 35): Stripe Tax for orders' tax, the shopping webhook's own signing
  // secret (else STRIPE_WEBHOOK_SECRET), the merchants' flat shipping rates ("merchant=499,*=0").
  STRIPE_TAX: bool.default(false),
  STRIPE_SHOPPING_WEBHOOK_SECRET: z.string().min(8).optional(),
  SHOPPING_SHIPPING_RATES: z.string().default(''),
  BILLING_DEFAULT_PLAN: z.enum(PLAN_IDS, { error: `must be one of ${PLAN_IDS.join(', ')}` }).default('free'),
  GOVERNMENT_EMAIL_DOMAINS: z.string().default(''),
  GOVERNMENT_IP_RANGES: z.string().default(''),
  // Price alerts: quotes from a market-data provider (Finnhub's documented REST API), checked every
  // PRICE_ALERT_CHECK_SECONDS. Without a provider, price alerts cannot be created.
  MARKET_DATA_PROVIDER: z.enum(MARKET_DATA_PROVIDERS, { error: `must be one of ${MARKET_DATA_PROVIDERS.join(', ')}` }).optional(),
  MARKET_DATA_URL: url(/^https?$/, "an http:// or https:// URL of the provider's API").optional(),
  MARKET_DATA_API_KEY: z.string().min(1).optional(),
  PRICE_ALERT_CHECK_SECONDS: numberIn(5, 86_400, 'a whole number of seconds from 5 to 86400').default(60),
  // Bug reports (seed 000 §2): filed in Linear or GitHub issues, through the path segment
  // BUG_REPORT_HOOK; without them the bug-report tool says it is not set up.
  BUG_REPORT_HOOK: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,200}$/, 'must be 16 to 200 letters, digits, dashes or underscores (for example: openssl rand -hex 16)')
    .optional(),
  BUG_REPORT_TRACKER: z.enum(BUG_TRACKERS, { error: `must be one of ${BUG_TRACKERS.join(', ')}` }).optional(),
  BUG_REPORT_LINEAR_API_KEY: z.string().min(1).optional(),
  BUG_REPORT_LINEAR_TEAM_ID: z.string().min(1).max(100).optional(),
  BUG_REPORT_LINEAR_API_URL: url(/^https?$/, "an http:// or https:// URL of Linear's GraphQL API").default('https://api.linear.app/graphql'),
  BUG_REPORT_GITHUB_REPO: z
    .string()
    .regex(/^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/, 'must be owner/repository')
    .optional(),
  BUG_REPORT_GITHUB_TOKEN: z.string().min(1).optional(),
  BUG_REPORT_GITHUB_API_URL: url(/^https?$/, "an http:// or https:// URL of GitHub's REST API").default('https://api.github.com'),
  BUG_REPORT_RATE_LIMIT: numberIn(1, 1_000, 'a whole number of reports from 1 to 1000').default(5),
  // The F1 home widget and the F1 watchlist: an Ergast-compatible results API (e.g. https://api.jolpi.ca/ergast/f1).
  F1_RESULTS_URL: url(/^https?$/, 'an http:// or https:// URL of an Ergast-compatible F1 API').optional(),
  // The sports home widget and the sports watchlist: an ESPN-style site API (e.g. https://site.api.espn.com/apis/site/v2/sports).
  SPORTS_SCORES_URL: url(/^https?$/, 'an http:// or https:// URL of an ESPN-style sports site API').optional(),
  SPORTS_CRICKET_LEAGUE: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,32}$/, "must be the sports API's cricket league id (letters, digits, dots, dashes)")
    .default('8048'),
  // Places (issue 36): place search through a Nominatim-compatible geocoder (its usage policy: an
  // identifying User-Agent, at most one request a second per instance), map tiles by URL template.
  GEOCODER_URL: url(/^https?$/, 'an http:// or https:// URL of a Nominatim-compatible API (e.g. https://nominatim.openstreetmap.org)').optional(),
  GEOCODER_USER_AGENT: z
    .string()
    .min(3)
    .max(200)
    .default('self-hosted-answer-engine/0.1 (places; set GEOCODER_USER_AGENT to name your instance and a contact)'),
  GEOCODER_TIMEOUT_SECONDS: numberIn(0.5, 30, 'a number of seconds from 0.5 to 30', false).default(5),
  GEOCODER_MIN_INTERVAL_MS: numberIn(0, 60_000, 'a whole number of milliseconds from 0 to 60000').default(1000),
  MAP_TILE_URL: z
    .string()
    .regex(/^https?:\/\/[^\s]+$/, 'must be an http:// or https:// URL template')
    .refine(
      (t) => t.includes('{z}') && t.includes('{x}') && t.includes('{y}'),
      'must contain {z}, {x} and {y} (e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png)',
    )
    .optional(),
  MAP_TILE_ATTRIBUTION: z.string().min(1).max(300).default('© OpenStreetMap contributors'),
});

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  // Treat empty strings as unset, as shells and .env files often leave them.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const connectors = parseConnectorConfig(cleaned);
  if (connectors.problems.length) throw new ConfigError(`Invalid configuration:\n${connectors.problems.map((p) => `  ${p}`).join('\n')}`);
  // Half an LLM configuration would silently fall back to the offline model: refuse it instead.
  if (!!c.LLM_BASE_URL !== !!c.LLM_MODEL || (c.LLM_API_KEY && !c.LLM_BASE_URL))
    throw new ConfigError('Invalid configuration:\n  LLM_BASE_URL and LLM_MODEL: set both (LLM_API_KEY optional) or none for the offline model');
  // A key with no server to send it to is a typo somewhere: say so rather than translate nothing.
  if (c.IMAGE_API_KEY && !c.IMAGE_BASE_URL) throw new ConfigError('Invalid configuration:\n  IMAGE_API_KEY: set IMAGE_BASE_URL too, or neither');
  if (c.TRANSLATE_API_KEY && !c.TRANSLATE_URL) throw new ConfigError('Invalid configuration:\n  TRANSLATE_API_KEY: set TRANSLATE_URL too, or neither');
  const s3Set = [c.S3_ENDPOINT, c.S3_BUCKET, c.S3_ACCESS_KEY_ID, c.S3_SECRET_ACCESS_KEY].filter(Boolean).length;
  if (s3Set !== 0 && s3Set !== 4)
    throw new ConfigError(
      'Invalid configuration:\n  S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set all four, or none for local storage',
    );
  const oidcSet = [c.OIDC_ISSUER, c.OIDC_CLIENT_ID, c.OIDC_CLIENT_SECRET].filter(Boolean).length;
  if (oidcSet !== 0 && oidcSet !== 3)
    throw new ConfigError('Invalid configuration:\n  OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET: set all three, or none for no OpenID Connect sign-in');
  for (const p of ['GOOGLE', 'MICROSOFT', 'GITHUB'] as const)
    if (!c[`${p}_CLIENT_ID`] !== !c[`${p}_CLIENT_SECRET`])
      throw new ConfigError(`Invalid configuration:\n  ${p}_CLIENT_ID and ${p}_CLIENT_SECRET: set both, or neither`);
  if (!c.VAPID_PUBLIC_KEY !== !c.VAPID_PRIVATE_KEY)
    throw new ConfigError('Invalid configuration:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both, or neither (a pair is then made once in DATA_DIR)');
  // A store's rating goes with its count of reviews and its address, or it describes nothing.
  for (const [store, rating, reviews, address] of [
    ['APP_STORE', c.APP_STORE_RATING, c.APP_STORE_REVIEWS, c.APP_STORE_URL],
    ['PLAY_STORE', c.PLAY_STORE_RATING, c.PLAY_STORE_REVIEWS, c.PLAY_STORE_URL],
  ] as const) {
    if ((rating === undefined) !== (reviews === undefined))
      throw new ConfigError(`Invalid configuration:\n  ${store}_RATING and ${store}_REVIEWS: set both, or neither`);
    if (rating !== undefined && !address) throw new ConfigError(`Invalid configuration:\n  ${store}_RATING: set ${store}_URL too, or no rating`);
  }
  if (c.TASKS_TEST_CLOCK_FILE && c.NODE_ENV !== 'test')
    throw new ConfigError('Invalid configuration:\n  TASKS_TEST_CLOCK_FILE: only for tests (NODE_ENV=test)');
  if (c.TEST_CHEAP_PASSWORD_HASHES && c.NODE_ENV !== 'test')
    throw new ConfigError("Invalid configuration:\n  TEST_CHEAP_PASSWORD_HASHES: only for tests (NODE_ENV=test); people's passwords get the full cost");
  if (c.SSO_TEST_DNS_FILE && c.NODE_ENV !== 'test')
    throw new ConfigError('Invalid configuration:\n  SSO_TEST_DNS_FILE: only for tests (NODE_ENV=test); real domains are proven through DNS');
  let fileLimits: ReturnType<typeof parsePlanFileLimits>;
  try {
    fileLimits = parsePlanFileLimits(c.FILE_LIMITS);
  } catch (err) {
    throw new ConfigError(`Invalid configuration:\n  FILE_LIMITS: ${(err as Error).message}`);
  }
  if (c.LLM_MODELS && !c.LLM_MODEL) throw new ConfigError('Invalid configuration:\n  LLM_MODELS: set LLM_BASE_URL and LLM_MODEL too, or leave it unset');
  let answerModels = [{ id: OFFLINE_MODEL, name: OFFLINE_MODEL_NAME }];
  try {
    if (c.LLM_MODEL) answerModels = parseModelChoices(c.LLM_MODEL, c.LLM_MODELS);
  } catch (err) {
    throw new ConfigError(`Invalid configuration:\n  LLM_MODELS: ${(err as Error).message}`);
  }
  const proPerks = c.PRO_PERKS_FILE ? readConfigFile('PRO_PERKS_FILE', c.PRO_PERKS_FILE, parsePerks) : [];
  const partners = c.PARTNERS_FILE ? readConfigFile('PARTNERS_FILE', c.PARTNERS_FILE, parsePartners) : [];
  const upsells = readUpsells(c.UPSELLS_FILE, c.UPSELL_IMPRESSION_LIMITS);
  const plans: PlanCatalogue = c.BILLING_PLANS_FILE
    ? readConfigFile('BILLING_PLANS_FILE', c.BILLING_PLANS_FILE, (text) => parsePlanCatalogue(text, defaultCatalogue(fileLimits)))
    : defaultCatalogue(fileLimits);
  if (!!c.STRIPE_SECRET_KEY !== !!c.STRIPE_WEBHOOK_SECRET)
    throw new ConfigError('Invalid configuration:\n  STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: set both, or neither for no billing');
  if ((c.STRIPE_API_BASE || c.STRIPE_PUBLISHABLE_KEY) && !c.STRIPE_SECRET_KEY)
    throw new ConfigError('Invalid configuration:\n  STRIPE_API_BASE and STRIPE_PUBLISHABLE_KEY: set STRIPE_SECRET_KEY too, or neither');
  let governmentIpRanges: string[];
  try {
    governmentIpRanges = parseCidrList(c.GOVERNMENT_IP_RANGES);
  } catch (err) {
    throw new ConfigError(`Invalid configuration:\n  GOVERNMENT_IP_RANGES: ${(err as Error).message}`);
  }
  if (c.MARKET_DATA_PROVIDER && !c.MARKET_DATA_API_KEY)
    throw new ConfigError(
      `Invalid configuration:\n  MARKET_DATA_API_KEY: set it too (${c.MARKET_DATA_PROVIDER} answers only with a key), or unset MARKET_DATA_PROVIDER`,
    );
  if ((c.MARKET_DATA_URL || c.MARKET_DATA_API_KEY) && !c.MARKET_DATA_PROVIDER)
    throw new ConfigError('Invalid configuration:\n  MARKET_DATA_URL and MARKET_DATA_API_KEY: set MARKET_DATA_PROVIDER too, or neither');
  const bugReports = bugReportsOf(c);
  const apiBase = c.STRIPE_API_BASE ? new URL(c.STRIPE_API_BASE) : null;
  let shippingRates: Map<string, number>;
  try {
    shippingRates = parseShippingRates(c.SHOPPING_SHIPPING_RATES);
  } catch (err) {
    throw new ConfigError(`Invalid configuration:\n  SHOPPING_SHIPPING_RATES: ${(err as Error).message}`);
  }
  const merchants = merchantsOf(c);
  const publicUrl = c.PUBLIC_URL ?? `http://localhost:${c.PORT}`;
  // Writes are trusted from configured origins only, never from what a request says of itself
  // (Host, X-Forwarded-Host). With PUBLIC_URL unset the app runs on this machine, where people
  // open it as localhost, 127.0.0.1 or [::1] alike: those three, on its port.
  const publicOrigins = c.PUBLIC_URL ? [new URL(publicUrl).origin] : ['localhost', '127.0.0.1', '[::1]'].map((h) => `http://${h}:${c.PORT}`);
  return {
    env: c.NODE_ENV,
    host: c.HOST,
    port: c.PORT,
    publicUrl,
    trustedOrigins: [
      ...publicOrigins,
      ...c.TRUSTED_ORIGINS.split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ],
    dataDir: resolve(c.DATA_DIR),
    databaseUrl: c.DATABASE_URL,
    embeddedPgPort: c.EMBEDDED_PG_PORT,
    authSecret: c.AUTH_SECRET,
    logLevel: c.LOG_LEVEL,
    validateResponses: c.VALIDATE_RESPONSES ?? c.NODE_ENV !== 'production',
    signInRateLimit: c.SIGN_IN_RATE_LIMIT,
    cheapPasswordHashes: c.TEST_CHEAP_PASSWORD_HASHES,
    smtpUrl: c.SMTP_URL,
    mailFrom: c.MAIL_FROM,
    adminEmails: c.ADMIN_EMAILS.split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    welcomeMailDelayMs: c.WELCOME_MAIL_DELAY_SECONDS * 1000,
    accountDeletionPauseMs: c.ACCOUNT_DELETION_PAUSE_SECONDS * 1000,
    instance: { id: c.INSTANCE_ID, leaseMs: c.INSTANCE_LEASE_SECONDS * 1000 },
    webDist: resolve(c.WEB_DIST),
    llm: c.LLM_BASE_URL && c.LLM_MODEL ? { baseUrl: c.LLM_BASE_URL, model: c.LLM_MODEL, apiKey: c.LLM_API_KEY } : null,
    /** The models people may choose; the first answers when nobody chose (the offline model alone without LLM_*). */
    answerModels,
    llmTimeoutMs: c.LLM_TIMEOUT_SECONDS * 1000,
    searxngUrl: c.SEARXNG_URL ?? null,
    proSearchDailyLimit: c.PRO_SEARCH_DAILY_LIMIT,
    webPages: c.WEB_PAGES_READ ? { timeoutMs: c.WEB_PAGE_TIMEOUT_SECONDS * 1000, cacheTtlMs: c.WEB_PAGE_CACHE_TTL_SECONDS * 1000 } : null,
    research: {
      quota: { freePerDay: c.RESEARCH_FREE_PER_DAY, proPerDay: c.RESEARCH_PRO_PER_DAY },
      bounds: { maxSources: c.RESEARCH_MAX_SOURCES, timeLimitMs: c.RESEARCH_TIME_LIMIT_SECONDS * 1000 },
    },
    translate: c.TRANSLATE_URL ? { url: c.TRANSLATE_URL, apiKey: c.TRANSLATE_API_KEY } : null,
    /** The try-on's image provider; null: try-on is not available on this server. */
    imageProvider: c.IMAGE_BASE_URL
      ? { baseUrl: c.IMAGE_BASE_URL, apiKey: c.IMAGE_API_KEY, model: c.IMAGE_MODEL, timeoutMs: c.IMAGE_TIMEOUT_SECONDS * 1000 }
      : null,
    tryOnAllowPrivateHosts: c.TRY_ON_ALLOW_PRIVATE_HOSTS.split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    s3:
      c.S3_ENDPOINT && c.S3_BUCKET && c.S3_ACCESS_KEY_ID && c.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: c.S3_ENDPOINT,
            bucket: c.S3_BUCKET,
            region: c.S3_REGION,
            accessKeyId: c.S3_ACCESS_KEY_ID,
            secretAccessKey: c.S3_SECRET_ACCESS_KEY,
            forcePathStyle: c.S3_FORCE_PATH_STYLE,
          }
        : null,
    signInProviders: {
      oidc:
        c.OIDC_ISSUER && c.OIDC_CLIENT_ID && c.OIDC_CLIENT_SECRET
          ? { issuer: c.OIDC_ISSUER.replace(/\/+$/, ''), clientId: c.OIDC_CLIENT_ID, clientSecret: c.OIDC_CLIENT_SECRET, name: c.OIDC_NAME }
          : null,
      google: c.GOOGLE_CLIENT_ID && c.GOOGLE_CLIENT_SECRET ? { clientId: c.GOOGLE_CLIENT_ID, clientSecret: c.GOOGLE_CLIENT_SECRET } : null,
      microsoft:
        c.MICROSOFT_CLIENT_ID && c.MICROSOFT_CLIENT_SECRET
          ? { clientId: c.MICROSOFT_CLIENT_ID, clientSecret: c.MICROSOFT_CLIENT_SECRET, tenantId: c.MICROSOFT_TENANT_ID }
          : null,
      github: c.GITHUB_CLIENT_ID && c.GITHUB_CLIENT_SECRET ? { clientId: c.GITHUB_CLIENT_ID, clientSecret: c.GITHUB_CLIENT_SECRET } : null,
    },
    connectors: connectors.config,
    sso: { allowPrivateIssuers: c.SSO_ALLOW_PRIVATE_ISSUERS, testDnsFile: c.SSO_TEST_DNS_FILE ?? null },
    tasks: { tickMs: c.TASKS_TICK_MS, testClockFile: c.TASKS_TEST_CLOCK_FILE ?? null },
    agent: {
      maxSteps: c.AGENT_MAX_STEPS,
      maxConsecutiveFailures: c.AGENT_MAX_CONSECUTIVE_FAILURES,
      maxActionsPerStep: c.AGENT_MAX_ACTIONS_PER_STEP,
      replyWaitSeconds: c.AGENT_REPLY_WAIT_SECONDS,
    },
    fileMaxBytes: c.FILE_MAX_MB * 1024 * 1024,
    fileLimits: fileLimitsOf(plans),
    proPerks,
    partners,
    mobileApp: {
      iosUrl: c.APP_STORE_URL ?? null,
      androidUrl: c.PLAY_STORE_URL ?? null,
      iosRating: c.APP_STORE_RATING !== undefined && c.APP_STORE_REVIEWS !== undefined ? { stars: c.APP_STORE_RATING, reviews: c.APP_STORE_REVIEWS } : null,
      androidRating:
        c.PLAY_STORE_RATING !== undefined && c.PLAY_STORE_REVIEWS !== undefined ? { stars: c.PLAY_STORE_RATING, reviews: c.PLAY_STORE_REVIEWS } : null,
    },
    upsells,
    billing: {
      plans,
      /** The plan of everyone while billing is off (free while it is on, for those without a subscription). */
      defaultPlan: c.BILLING_DEFAULT_PLAN,
      stripe:
        c.STRIPE_SECRET_KEY && c.STRIPE_WEBHOOK_SECRET
          ? {
              secretKey: c.STRIPE_SECRET_KEY,
              webhookSecret: c.STRIPE_WEBHOOK_SECRET,
              publishableKey: c.STRIPE_PUBLISHABLE_KEY ?? null,
              apiBase: apiBase
                ? {
                    host: apiBase.hostname,
                    port: Number(apiBase.port || (apiBase.protocol === 'https:' ? 443 : 80)),
                    protocol: apiBase.protocol === 'https:' ? ('https' as const) : ('http' as const),
                  }
                : null,
            }
          : null,
      government: {
        emailDomains: c.GOVERNMENT_EMAIL_DOMAINS.split(',')
          .map((s) => s.trim().toLowerCase().replace(/^@/, ''))
          .filter(Boolean),
        ipRanges: governmentIpRanges,
      },
    },
    uploadTtlSeconds: c.UPLOAD_TTL_SECONDS,
    dub: c.DUB_API_KEY ? { apiKey: c.DUB_API_KEY, baseUrl: c.DUB_API_BASE.replace(/\/+$/, '') } : null,
    browserDownloadBaseUrl: c.BROWSER_DOWNLOAD_BASE_URL ?? null,
    downloadMailRateLimit: c.DOWNLOAD_MAIL_RATE_LIMIT,
    /** The market-data provider of price alerts, or null: then price alerts cannot be created. */
    marketData:
      c.MARKET_DATA_PROVIDER && c.MARKET_DATA_API_KEY
        ? {
            provider: c.MARKET_DATA_PROVIDER,
            baseUrl: (c.MARKET_DATA_URL ?? MARKET_DATA_DEFAULT_URL[c.MARKET_DATA_PROVIDER]).replace(/\/+$/, ''),
            apiKey: c.MARKET_DATA_API_KEY,
          }
        : null,
    priceAlertCheckMs: c.PRICE_ALERT_CHECK_SECONDS * 1000,
    /** Where bug reports are filed and the hook that reaches it, or null: the bug-report tool is not set up. */
    bugReports,
    bugReportRateLimit: c.BUG_REPORT_RATE_LIMIT,
    /** The Ergast-compatible F1 API of the F1 widget and watchlist, or null: then they say there is none. */
    f1ResultsUrl: c.F1_RESULTS_URL ? c.F1_RESULTS_URL.replace(/\/+$/, '') : null,
    /** Student verification: the school domains (empty: the server verifies no students) and the offer (`student_offer` of the plans file, or null). */
    students: {
      domains: new Set(c.STUDENT_EMAIL_DOMAINS_FILE ? readConfigFile('STUDENT_EMAIL_DOMAINS_FILE', c.STUDENT_EMAIL_DOMAINS_FILE, parseStudentDomains) : []),
      offer: c.BILLING_PLANS_FILE ? readConfigFile('BILLING_PLANS_FILE', c.BILLING_PLANS_FILE, parseStudentOffer) : null,
    },
    sportsScoresUrl: c.SPORTS_SCORES_URL ? c.SPORTS_SCORES_URL.replace(/\/+$/, '') : null,
    sportsCricketLeague: c.SPORTS_CRICKET_LEAGUE,
    /** Places: the geocoder (null: answers carry no places) and the map's tiles (null: the map says tiles are not configured). */
    places: {
      geocoder: c.GEOCODER_URL
        ? {
            baseUrl: c.GEOCODER_URL.replace(/\/+$/, ''),
            userAgent: c.GEOCODER_USER_AGENT,
            timeoutMs: c.GEOCODER_TIMEOUT_SECONDS * 1000,
            minIntervalMs: c.GEOCODER_MIN_INTERVAL_MS,
          }
        : null,
      tiles: c.MAP_TILE_URL ? { urlTemplate: c.MAP_TILE_URL, attribution: c.MAP_TILE_ATTRIBUTION } : null,
    },
    mcpServersFile: c.MCP_SERVERS_FILE,
    /** Shopping: the catalogue's merchants (none: shopping is off and says so), and how orders are taxed, shipped and paid. */
    shopping: {
      taxEnabled: c.STRIPE_TAX,
      webhookSecret: c.STRIPE_SHOPPING_WEBHOOK_SECRET ?? c.STRIPE_WEBHOOK_SECRET ?? null,
      shippingRates,
      merchants,
      feedIntervalMs: c.MERCHANT_FEED_INTERVAL_SECONDS * 1000,
      feedMaxBytes: c.MERCHANT_FEED_MAX_MB * 1024 * 1024,
    },
    linkFetchAllowPrivateHosts: c.SPACE_LINKS_ALLOW_PRIVATE_HOSTS.split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    webPush: {
      subject: c.WEB_PUSH_SUBJECT ?? `mailto:${/<([^>]+)>/.exec(c.MAIL_FROM)?.[1] ?? (c.MAIL_FROM.includes('@') ? c.MAIL_FROM.trim() : 'no-reply@localhost')}`,
      vapid: c.VAPID_PUBLIC_KEY && c.VAPID_PRIVATE_KEY ? { publicKey: c.VAPID_PUBLIC_KEY, privateKey: c.VAPID_PRIVATE_KEY } : null,
      allowPrivateHosts: c.WEB_PUSH_ALLOW_PRIVATE_HOSTS.split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    },
  };
}

export class ConfigError extends Error {}

/** The bug tracker and its hook: all of one tracker's settings with the hook, or none of them. */
function bugReportsOf(c: z.infer<typeof schema>) {
  const fail = (msg: string) => {
    throw new ConfigError(`Invalid configuration:\n  ${msg}`);
  };
  const linear = [c.BUG_REPORT_LINEAR_API_KEY, c.BUG_REPORT_LINEAR_TEAM_ID];
  const github = [c.BUG_REPORT_GITHUB_REPO, c.BUG_REPORT_GITHUB_TOKEN];
  if (!c.BUG_REPORT_TRACKER) {
    if (c.BUG_REPORT_HOOK || [...linear, ...github].some(Boolean))
      fail('BUG_REPORT_TRACKER: set it (linear or github) with its settings and BUG_REPORT_HOOK, or none of them for no bug reports');
    return null;
  }
  if (!c.BUG_REPORT_HOOK) fail('BUG_REPORT_HOOK: set it too (the path segment bug reports are sent to), or unset BUG_REPORT_TRACKER');
  const hook = c.BUG_REPORT_HOOK!;
  if (c.BUG_REPORT_TRACKER === 'linear') {
    if (!linear.every(Boolean)) fail('BUG_REPORT_LINEAR_API_KEY and BUG_REPORT_LINEAR_TEAM_ID: set both for BUG_REPORT_TRACKER=linear');
    return {
      hook,
      tracker: {
        kind: 'linear' as const,
        apiUrl: c.BUG_REPORT_LINEAR_API_URL,
        apiKey: c.BUG_REPORT_LINEAR_API_KEY!,
        teamId: c.BUG_REPORT_LINEAR_TEAM_ID!,
      },
    };
  }
  if (!github.every(Boolean)) fail('BUG_REPORT_GITHUB_REPO and BUG_REPORT_GITHUB_TOKEN: set both for BUG_REPORT_TRACKER=github');
  return {
    hook,
    tracker: {
      kind: 'github' as const,
      apiUrl: c.BUG_REPORT_GITHUB_API_URL.replace(/\/+$/, ''),
      repo: c.BUG_REPORT_GITHUB_REPO!,
      token: c.BUG_REPORT_GITHUB_TOKEN!,
    },
  };
}

/** Reads and parses a file the operator names in `name`; its problems are configuration errors naming the variable. */
/** The merchants of MERCHANT_FEEDS_FILE and the store of SHOPIFY_STORE_DOMAIN (id `shopify`). */
function merchantsOf(c: z.infer<typeof schema>): MerchantFeed[] {
  const listed = c.MERCHANT_FEEDS_FILE
    ? readConfigFile('MERCHANT_FEEDS_FILE', c.MERCHANT_FEEDS_FILE, (text) => parseMerchantFeeds(text, resolve(c.MERCHANT_FEEDS_FILE)))
    : [];
  if (!c.SHOPIFY_STORE_DOMAIN !== !c.SHOPIFY_STOREFRONT_TOKEN)
    throw new ConfigError('Invalid configuration:\n  SHOPIFY_STORE_DOMAIN and SHOPIFY_STOREFRONT_TOKEN: set both, or neither');
  if (!c.SHOPIFY_STORE_DOMAIN || !c.SHOPIFY_STOREFRONT_TOKEN) return listed;
  let store: MerchantFeed;
  try {
    store = shopifyMerchantOf({ domain: c.SHOPIFY_STORE_DOMAIN, token: c.SHOPIFY_STOREFRONT_TOKEN, name: c.SHOPIFY_STORE_NAME });
  } catch (err) {
    throw new ConfigError(`Invalid configuration:\n  ${(err as Error).message}`);
  }
  if (listed.some((m) => m.id === store.id))
    throw new ConfigError('Invalid configuration:\n  MERCHANT_FEEDS_FILE: the id `shopify` is taken by SHOPIFY_STORE_DOMAIN');
  return [...listed, store];
}

function readConfigFile<T>(name: string, path: string, parse: (text: string) => T): T {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new ConfigError(`Invalid configuration:\n  ${name}: cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  try {
    return parse(text);
  } catch (err) {
    throw new ConfigError(`Invalid configuration:\n  ${name}: ${(err as Error).message}`);
  }
}

function readUpsells(file: string | undefined, limits: string) {
  let impressionLimits: ReturnType<typeof parseImpressionLimits>;
  try {
    impressionLimits = parseImpressionLimits(limits);
  } catch (err) {
    throw new ConfigError(`Invalid configuration:\n  UPSELL_IMPRESSION_LIMITS: ${(err as Error).message}`);
  }
  return { catalogue: file ? readConfigFile('UPSELLS_FILE', file, parseUpsellCatalogue) : DEFAULT_UPSELLS, impressionLimits };
}
