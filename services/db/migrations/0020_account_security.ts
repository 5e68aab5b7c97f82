import { type Kysely, sql } from 'kysely';

// The accounts read model follows AccountEmailVerified and AccountTwoFactorEnabled/Disabled.
// Accounts verified, or with two-factor on, before these were events get them now, appended to
// their own stream (so a rebuild of the read model still knows), with `via: 'adopted'` and the
// time Better Auth last changed the user as the best time known. A database whose Better Auth
// tables do not exist yet (a new one: ours migrate first) has no such account.
const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

export async function up(db: Kysely<unknown>) {
  await db.schema
    .alterTable('accounts')
    .addColumn('two_factor_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('email_verified_at', 'timestamptz')
    .execute();
  const { rows } = await sql<{ user_table: string | null; two_factor: boolean }>`
    select to_regclass('public."user"')::text as user_table,
           exists (select 1 from information_schema.columns where table_schema = 'public' and table_name = 'user' and column_name = 'twoFactorEnabled') as two_factor`.execute(
    db,
  );
  if (!rows[0]?.user_table) return;
  await adopt(db, 'AccountEmailVerified', sql`u."emailVerified"`, sql`jsonb_build_object('user_id', u.id, 'via', 'adopted', 'verified_at', at)`);
  await sql`update accounts a set email_verified_at = u."updatedAt" from "user" u where u.id = a.user_id and u."emailVerified"`.execute(db);
  if (!rows[0].two_factor) return;
  await adopt(db, 'AccountTwoFactorEnabled', sql`u."twoFactorEnabled" is true`, sql`jsonb_build_object('user_id', u.id, 'enabled_at', at)`);
  await sql`update accounts a set two_factor_enabled = true from "user" u where u.id = a.user_id and u."twoFactorEnabled" is true`.execute(db);
}

/** Appends `type` to the stream of every registered account whose Better Auth user matches `where`. */
async function adopt(db: Kysely<unknown>, type: string, where: ReturnType<typeof sql>, data: ReturnType<typeof sql>) {
  await sql`
    insert into events (stream_id, stream_version, type, data)
    select s.stream_id, s.version + 1, ${type}, ${data}
    from (select stream_id, max(stream_version) as version from events where stream_id like 'account-%' group by stream_id) s
    join "user" u on s.stream_id = 'account-' || u.id
    cross join lateral (select to_char(u."updatedAt" at time zone 'UTC', ${sql.raw(ISO)}) as at) t
    where ${where}
    order by s.stream_id`.execute(db);
}
