import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const refusal = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error(`expected ${JSON.stringify(env)} to be refused`);
};

describe('defaults', () => {
  test('with nothing set, everything runs locally on port 3000', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      env: 'development',
      host: '0.0.0.0',
      port: 3000,
      publicUrl: 'http://localhost:3000',
      // The default PUBLIC_URL: the app opened as localhost, 127.0.0.1 or [::1] on its port.
      trustedOrigins: ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000'],
      databaseUrl: undefined,
      embeddedPgPort: 5433,
      authSecret: undefined,
      validateResponses: true,
      signInRateLimit: 10,
      smtpUrl: undefined,
      welcomeMailDelayMs: 60_000,
      accountDeletionPauseMs: 0,
      instance: { id: 'local', leaseMs: 30_000 },
    });
    expect(c.dataDir).toMatch(/\/data$/);
  });

  test('a PUBLIC_URL that is set is the one origin trusted besides TRUSTED_ORIGINS', () => {
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:3000' }).trustedOrigins).toEqual(['http://localhost:3000']);
    expect(loadConfig({ PORT: '8080' }).trustedOrigins).toEqual(['http://localhost:8080', 'http://127.0.0.1:8080', 'http://[::1]:8080']);
  });

  test('empty strings count as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '', AUTH_SECRET: '' })).toMatchObject({ port: 3000, databaseUrl: undefined, authSecret: undefined });
  });
});

describe('values are read and typed', () => {
  test('ports, URLs, origins, limits and delays', () => {
    const c = loadConfig({
      PORT: '8080',
      PUBLIC_URL: 'https://answers.example.com',
      TRUSTED_ORIGINS: 'https://a.example.com, https://b.example.com,',
      DATABASE_URL: 'postgres://u:p@db:5432/app',
      AUTH_SECRET: 'x'.repeat(32),
      SIGN_IN_RATE_LIMIT: '3',
      WELCOME_MAIL_DELAY_SECONDS: '0.5',
      NODE_ENV: 'production',
    });
    expect(c).toMatchObject({
      port: 8080,
      publicUrl: 'https://answers.example.com',
      trustedOrigins: ['https://answers.example.com', 'https://a.example.com', 'https://b.example.com'],
      databaseUrl: 'postgres://u:p@db:5432/app',
      signInRateLimit: 3,
      welcomeMailDelayMs: 500,
      accountDeletionPauseMs: 0,
      validateResponses: false,
    });
  });

  test('response validation follows VALIDATE_RESPONSES when set', () => {
    expect(loadConfig({ NODE_ENV: 'production', VALIDATE_RESPONSES: 'true' }).validateResponses).toBe(true);
    expect(loadConfig({ VALIDATE_RESPONSES: '0' }).validateResponses).toBe(false);
  });
});

describe('bad values stop the start with a message naming the variable', () => {
  test.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ PORT: '80.5' }, 'PORT'],
    [{ DATABASE_URL: 'not-a-url' }, 'DATABASE_URL'],
    [{ PUBLIC_URL: 'localhost:3000' }, 'PUBLIC_URL'],
    [{ SMTP_URL: 'mail server' }, 'SMTP_URL'],
    [{ SIGN_IN_RATE_LIMIT: '0' }, 'SIGN_IN_RATE_LIMIT'],
    [{ SIGN_IN_RATE_LIMIT: 'lots' }, 'SIGN_IN_RATE_LIMIT'],
    [{ WELCOME_MAIL_DELAY_SECONDS: '-1' }, 'WELCOME_MAIL_DELAY_SECONDS'],
    [{ WELCOME_MAIL_DELAY_SECONDS: 'soon' }, 'WELCOME_MAIL_DELAY_SECONDS'],
    [{ PUBLIC_URL: 'ftp://files.example.com' }, 'PUBLIC_URL'],
    [{ DATABASE_URL: 'mysql://db/app' }, 'DATABASE_URL'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ VALIDATE_RESPONSES: 'yes please' }, 'VALIDATE_RESPONSES'],
    [{ EMBEDDED_PG_PORT: 'five' }, 'EMBEDDED_PG_PORT'],
  ])('%j', (env, name) => {
    const message = refusal(env);
    expect(message).toMatch(new RegExp(`^Invalid configuration:\\n  ${name}: \\S`));
  });

  test('the message says what a good value looks like', () => {
    expect(refusal({ PORT: 'abc' })).toBe('Invalid configuration:\n  PORT: must be a port number from 0 to 65535');
    expect(refusal({ DATABASE_URL: 'not-a-url' })).toBe('Invalid configuration:\n  DATABASE_URL: must be a postgres:// or postgresql:// URL');
    expect(refusal({ DATABASE_URL: 'localhost:5432' })).toContain('DATABASE_URL: must be a postgres://');
    expect(refusal({ PUBLIC_URL: 'localhost:3000' })).toContain('PUBLIC_URL: must be an http:// or https:// URL');
  });

  test('a short AUTH_SECRET says how long it must be', () => {
    expect(refusal({ AUTH_SECRET: 'too-short' })).toContain('AUTH_SECRET: must be at least 32 characters');
  });

  test('every bad variable is listed at once', () => {
    const message = refusal({ PORT: 'abc', DATABASE_URL: 'not-a-url', AUTH_SECRET: 'short' });
    expect(
      message
        .split('\n')
        .slice(1)
        .map((l) => l.trim().split(':')[0])
        .sort(),
    ).toEqual(['AUTH_SECRET', 'DATABASE_URL', 'PORT']);
  });
});

describe('answer model and web search', () => {
  test('unset: the offline model, web search off, a 60 s model timeout', () => {
    expect(loadConfig({})).toMatchObject({ llm: null, searxngUrl: null, llmTimeoutMs: 60_000 });
  });

  test('an OpenAI-compatible endpoint, its model and key, and SearXNG', () => {
    const c = loadConfig({
      LLM_BASE_URL: 'http://127.0.0.1:11434/v1',
      LLM_MODEL: 'llama3',
      LLM_API_KEY: 'k',
      LLM_TIMEOUT_SECONDS: '5',
      SEARXNG_URL: 'http://127.0.0.1:8888',
    });
    expect(c).toMatchObject({
      llm: { baseUrl: 'http://127.0.0.1:11434/v1', model: 'llama3', apiKey: 'k' },
      llmTimeoutMs: 5000,
      searxngUrl: 'http://127.0.0.1:8888',
    });
  });

  test('half an LLM configuration, a bad URL or timeout is refused', () => {
    expect(refusal({ LLM_BASE_URL: 'http://127.0.0.1:11434/v1' })).toMatch(/LLM_BASE_URL and LLM_MODEL/);
    expect(refusal({ LLM_MODEL: 'llama3' })).toMatch(/LLM_BASE_URL and LLM_MODEL/);
    expect(refusal({ SEARXNG_URL: 'localhost:8888' })).toMatch(/SEARXNG_URL: must be an http/);
    expect(refusal({ LLM_TIMEOUT_SECONDS: '0' })).toMatch(/LLM_TIMEOUT_SECONDS/);
  });
});

describe('the phone apps on the get-the-app screen', () => {
  const STORES = { APP_STORE_URL: 'https://apps.apple.com/app/id1', PLAY_STORE_URL: 'https://play.google.com/store/apps/details?id=x' };
  test('unset: no store, no rating (nothing made up)', () => {
    expect(loadConfig({}).mobileApp).toEqual({ iosUrl: null, androidUrl: null, iosRating: null, androidRating: null });
    expect(loadConfig(STORES).mobileApp).toMatchObject({ iosRating: null, androidRating: null });
  });
  test("each store's rating and count of reviews as configured", () => {
    const c = loadConfig({ ...STORES, APP_STORE_RATING: '4.9', APP_STORE_REVIEWS: '80000', PLAY_STORE_RATING: '4.8', PLAY_STORE_REVIEWS: '252000' });
    expect(c.mobileApp).toMatchObject({ iosRating: { stars: 4.9, reviews: 80_000 }, androidRating: { stars: 4.8, reviews: 252_000 } });
  });
  test('a rating without its count, without its store, or out of range is refused', () => {
    expect(refusal({ ...STORES, APP_STORE_RATING: '4.9' })).toMatch(/APP_STORE_RATING and APP_STORE_REVIEWS: set both/);
    expect(refusal({ PLAY_STORE_RATING: '4.8', PLAY_STORE_REVIEWS: '10' })).toMatch(/PLAY_STORE_RATING: set PLAY_STORE_URL too/);
    expect(refusal({ ...STORES, APP_STORE_RATING: '6', APP_STORE_REVIEWS: '1' })).toMatch(/APP_STORE_RATING: must be a rating from 0 to 5/);
    expect(refusal({ ...STORES, APP_STORE_RATING: '4', APP_STORE_REVIEWS: '1.5' })).toMatch(/APP_STORE_REVIEWS: must be a whole number/);
  });
});

describe('translation', () => {
  test('unset: no translation server', () => {
    expect(loadConfig({}).translate).toBeNull();
  });

  test('a LibreTranslate-compatible server and its optional key', () => {
    expect(loadConfig({ TRANSLATE_URL: 'http://127.0.0.1:5000' }).translate).toEqual({ url: 'http://127.0.0.1:5000', apiKey: undefined });
    expect(loadConfig({ TRANSLATE_URL: 'https://translate.example.com/', TRANSLATE_API_KEY: 'k' }).translate).toEqual({
      url: 'https://translate.example.com/',
      apiKey: 'k',
    });
  });

  test('a bad URL, or a key without a server, is refused', () => {
    expect(refusal({ TRANSLATE_URL: 'localhost:5000' })).toMatch(/TRANSLATE_URL: must be an http:\/\/ or https:\/\/ URL of a LibreTranslate-compatible server/);
    expect(refusal({ TRANSLATE_URL: 'ftp://example.com' })).toMatch(/TRANSLATE_URL/);
    expect(refusal({ TRANSLATE_API_KEY: 'k' })).toMatch(/TRANSLATE_API_KEY: set TRANSLATE_URL too/);
  });
});

describe('Web Push', () => {
  const pub = `B${'a'.repeat(86)}`;
  const priv = 'b'.repeat(43);

  test('unset: the subject is the MAIL_FROM address; the key pair is made in DATA_DIR', () => {
    expect(loadConfig({}).webPush).toEqual({ subject: 'mailto:no-reply@localhost', vapid: null, allowPrivateHosts: [] });
    expect(loadConfig({ MAIL_FROM: 'Ops <ops@example.com>' }).webPush.subject).toBe('mailto:ops@example.com');
  });

  test('a subject, a key pair and allowed private hosts', () => {
    const c = loadConfig({
      WEB_PUSH_SUBJECT: 'https://example.com/contact',
      VAPID_PUBLIC_KEY: pub,
      VAPID_PRIVATE_KEY: priv,
      WEB_PUSH_ALLOW_PRIVATE_HOSTS: ' 127.0.0.1:8443 ',
    });
    expect(c.webPush).toEqual({ subject: 'https://example.com/contact', vapid: { publicKey: pub, privateKey: priv }, allowPrivateHosts: ['127.0.0.1:8443'] });
  });

  test('a bad subject or key, or half a pair, is refused', () => {
    expect(refusal({ WEB_PUSH_SUBJECT: 'ops@example.com' })).toMatch(/WEB_PUSH_SUBJECT: must be a mailto: address or an https:\/\/ URL/);
    expect(refusal({ WEB_PUSH_SUBJECT: 'http://example.com' })).toMatch(/WEB_PUSH_SUBJECT/);
    expect(refusal({ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: priv })).toMatch(/VAPID_PUBLIC_KEY: must be a base64url P-256 public key/);
    expect(refusal({ VAPID_PUBLIC_KEY: pub })).toMatch(/VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both, or neither/);
  });
});

describe('file storage and limits', () => {
  const s3 = { S3_ENDPOINT: 'http://127.0.0.1:9000', S3_BUCKET: 'answers', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' };

  test('unset: the local bucket, 50 MB files and the default plan limits', () => {
    const c = loadConfig({});
    expect(c.s3).toBeNull();
    expect(c.fileMaxBytes).toBe(50 * 1024 * 1024);
    expect(c.fileLimits.free).toEqual({ per_repository: 50, per_user: 100 });
  });

  test('an S3-compatible bucket needs all four settings', () => {
    expect(loadConfig(s3).s3).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'answers',
      region: 'us-east-1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    expect(loadConfig({ ...s3, S3_FORCE_PATH_STYLE: 'false', S3_REGION: 'eu-west-1' }).s3).toMatchObject({ forcePathStyle: false, region: 'eu-west-1' });
    const { S3_SECRET_ACCESS_KEY: _, ...three } = s3;
    expect(refusal(three)).toMatch(/set all four, or none for local storage/);
    expect(refusal({ ...s3, S3_ENDPOINT: 'minio:9000' })).toMatch(/S3_ENDPOINT/);
  });

  test('FILE_MAX_MB and FILE_LIMITS are checked', () => {
    expect(loadConfig({ FILE_MAX_MB: '2', FILE_LIMITS: 'free=3/5' })).toMatchObject({
      fileMaxBytes: 2 * 1024 * 1024,
      fileLimits: { free: { per_repository: 3, per_user: 5 } },
    });
    expect(refusal({ FILE_MAX_MB: '0' })).toMatch(/FILE_MAX_MB/);
    expect(refusal({ FILE_LIMITS: 'free=3' })).toMatch(/FILE_LIMITS: "free=3" is not plan=per_repository\/per_user/);
  });
});

describe('sign-in providers', () => {
  test('none with nothing set', () => {
    expect(loadConfig({}).signInProviders).toEqual({ oidc: null, google: null, microsoft: null, github: null });
  });

  test('an OpenID Connect provider needs issuer, client id and secret together', () => {
    expect(refusal({ OIDC_ISSUER: 'https://id.example.com' })).toMatch(/OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET: set all three/);
    expect(refusal({ OIDC_ISSUER: 'id.example.com', OIDC_CLIENT_ID: 'a', OIDC_CLIENT_SECRET: 'b' })).toMatch(/OIDC_ISSUER: must be an http/);
    const c = loadConfig({ OIDC_ISSUER: 'https://id.example.com/', OIDC_CLIENT_ID: 'app', OIDC_CLIENT_SECRET: 's3cret', OIDC_NAME: 'Okta' });
    expect(c.signInProviders.oidc).toEqual({ issuer: 'https://id.example.com', clientId: 'app', clientSecret: 's3cret', name: 'Okta' });
  });

  test('Google, Microsoft and GitHub each need both id and secret', () => {
    expect(refusal({ GOOGLE_CLIENT_ID: 'g' })).toMatch(/GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET: set both/);
    expect(refusal({ GITHUB_CLIENT_SECRET: 'h' })).toMatch(/GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET: set both/);
    const c = loadConfig({ MICROSOFT_CLIENT_ID: 'm', MICROSOFT_CLIENT_SECRET: 'n' });
    expect(c.signInProviders.microsoft).toEqual({ clientId: 'm', clientSecret: 'n', tenantId: 'common' });
  });
});

describe('attribution and the assistant browser', () => {
  test('Dub is used only with a key; its base URL defaults to Dub and must be http(s)', () => {
    expect(loadConfig({}).dub).toBeNull();
    expect(loadConfig({ DUB_API_KEY: 'dub_k' }).dub).toEqual({ apiKey: 'dub_k', baseUrl: 'https://api.dub.co' });
    expect(loadConfig({ DUB_API_KEY: 'dub_k', DUB_API_BASE: 'http://127.0.0.1:9999/' }).dub).toEqual({ apiKey: 'dub_k', baseUrl: 'http://127.0.0.1:9999' });
    expect(refusal({ DUB_API_KEY: 'dub_k', DUB_API_BASE: 'api.dub.co' })).toMatch(/DUB_API_BASE: must be an http/);
  });

  test('downloads need an http(s) base URL; the download mail limit is a whole number from 1', () => {
    expect(loadConfig({})).toMatchObject({ browserDownloadBaseUrl: null, downloadMailRateLimit: 3 });
    expect(loadConfig({ BROWSER_DOWNLOAD_BASE_URL: 'https://dl.example.com/b' }).browserDownloadBaseUrl).toBe('https://dl.example.com/b');
    expect(refusal({ BROWSER_DOWNLOAD_BASE_URL: 'ftp://dl.example.com' })).toMatch(/BROWSER_DOWNLOAD_BASE_URL: must be an http/);
    expect(refusal({ DOWNLOAD_MAIL_RATE_LIMIT: '0' })).toMatch(/DOWNLOAD_MAIL_RATE_LIMIT: must be a whole number/);
  });
});

describe('several instances on one database', () => {
  test('each names itself and says how long its silence may last before another takes over', () => {
    expect(loadConfig({ INSTANCE_ID: 'web-2', INSTANCE_LEASE_SECONDS: '10' }).instance).toEqual({ id: 'web-2', leaseMs: 10_000 });
  });

  test('a name with other characters, or a lease out of range, is refused with the reason', () => {
    expect(refusal({ INSTANCE_ID: 'web 2' })).toContain('INSTANCE_ID: letters, digits, dot, dash or underscore, at most 64');
    expect(refusal({ INSTANCE_LEASE_SECONDS: '0' })).toContain('INSTANCE_LEASE_SECONDS: must be a number of seconds from 1 to 3600');
  });
});

describe('bug reports', () => {
  const HOOK = { BUG_REPORT_HOOK: '0123456789abcdef0123' };
  test('off by default; Linear or GitHub with all of their settings and the hook', () => {
    expect(loadConfig({}).bugReports).toBeNull();
    expect(loadConfig({}).bugReportRateLimit).toBe(5);
    expect(loadConfig({ ...HOOK, BUG_REPORT_TRACKER: 'linear', BUG_REPORT_LINEAR_API_KEY: 'lin_key', BUG_REPORT_LINEAR_TEAM_ID: 'team' }).bugReports).toEqual({
      hook: HOOK.BUG_REPORT_HOOK,
      tracker: { kind: 'linear', apiUrl: 'https://api.linear.app/graphql', apiKey: 'lin_key', teamId: 'team' },
    });
    expect(loadConfig({ ...HOOK, BUG_REPORT_TRACKER: 'github', BUG_REPORT_GITHUB_REPO: 'acme/engine', BUG_REPORT_GITHUB_TOKEN: 'ghp_x' }).bugReports).toEqual({
      hook: HOOK.BUG_REPORT_HOOK,
      tracker: { kind: 'github', apiUrl: 'https://api.github.com', repo: 'acme/engine', token: 'ghp_x' },
    });
  });

  test('half a configuration is refused with the variable named', () => {
    expect(refusal({ ...HOOK })).toContain('BUG_REPORT_TRACKER');
    expect(refusal({ BUG_REPORT_TRACKER: 'github', BUG_REPORT_GITHUB_REPO: 'a/b', BUG_REPORT_GITHUB_TOKEN: 't' })).toContain('BUG_REPORT_HOOK');
    expect(refusal({ ...HOOK, BUG_REPORT_TRACKER: 'linear', BUG_REPORT_LINEAR_API_KEY: 'k' })).toContain('BUG_REPORT_LINEAR_TEAM_ID');
    expect(refusal({ ...HOOK, BUG_REPORT_TRACKER: 'github', BUG_REPORT_GITHUB_REPO: 'a/b' })).toContain('BUG_REPORT_GITHUB_TOKEN');
    expect(refusal({ BUG_REPORT_HOOK: 'short', BUG_REPORT_TRACKER: 'jira' })).toMatch(
      /BUG_REPORT_HOOK[\s\S]*BUG_REPORT_TRACKER|BUG_REPORT_TRACKER[\s\S]*BUG_REPORT_HOOK/,
    );
  });
});

describe('settings for tests only', () => {
  test('cheap password hashes are refused unless NODE_ENV=test', () => {
    for (const NODE_ENV of ['production', 'development'])
      expect(refusal({ NODE_ENV, TEST_CHEAP_PASSWORD_HASHES: 'true' })).toContain('TEST_CHEAP_PASSWORD_HASHES: only for tests (NODE_ENV=test)');
    expect(loadConfig({ NODE_ENV: 'test', TEST_CHEAP_PASSWORD_HASHES: 'true' }).cheapPasswordHashes).toBe(true);
    expect(loadConfig({}).cheapPasswordHashes).toBe(false);
  });
});
