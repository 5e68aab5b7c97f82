// The mail a test server kept in its outbox (no SMTP_URL in tests), read from the server's
// database the way an administrator of a mail-less server would: to follow a mailed link.
import pg from 'pg';

const databases = new Map<string, string>();

/** Which database the server at this address uses (server-process.ts tells us at start). */
export const rememberDatabase = (baseUrl: string, databaseUrl: string) => databases.set(baseUrl, databaseUrl);
export const databaseOf = (baseUrl: string) => databases.get(baseUrl);

/**
 * The newest link to `path` (e.g. `/verify-email`) mailed to `to`, waiting up to 10 s for it
 * (mail is queued as the request that causes it ends).
 */
export async function mailedLink(databaseUrl: string, to: string, path: string): Promise<URL> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const deadline = Date.now() + 10_000;
    const pattern = new RegExp(`https?://\\S+${path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\?token=\\S+`);
    while (Date.now() < deadline) {
      const { rows } = await client.query<{ text: string }>('select text from mail_outbox where lower("to") = lower($1) order by queued_at desc', [to]);
      const link = rows.map((r) => pattern.exec(r.text)?.[0]).find(Boolean);
      if (link) return new URL(link);
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`no mail to ${to} with a link to ${path}`);
  } finally {
    await client.end();
  }
}
