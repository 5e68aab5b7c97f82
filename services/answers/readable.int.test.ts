// Readable corpora on real PostgreSQL: a user's passages are found for that user, and never for
// another user or an anonymous visitor, whatever the passages and the question.
import fc from 'fast-check';
import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { migratedDbWithAuth } from '../../tests/support/database.js';
import type { Db } from '../db/database.js';
import { applyPassageOp, searchPassages, HELP_CORPUS, orgCorpus, userCorpus, foldPassageStats } from '../passages/index.js';
import { passageSource } from './passages.js';
import { readableCorpora } from './readable.js';

let db: Db;
let close: () => Promise<void>;
beforeAll(async () => {
  // `user`, `member` and `organization` are Better Auth's tables.
  ({ db, close } = await migratedDbWithAuth(4));
});
afterAll(async () => close?.());

async function addUser(orgId?: string) {
  const id = randomUUID();
  const now = new Date();
  await sql`insert into "user" (id, name, email, "emailVerified", "createdAt", "updatedAt") values (${id}, 'U', ${`${id}@example.com`}, false, ${now}, ${now})`.execute(
    db,
  );
  if (orgId)
    await sql`insert into member (id, "organizationId", "userId", role, "createdAt") values (${randomUUID()}, ${orgId}, ${id}, 'member', ${now})`.execute(db);
  return id;
}

async function addOrg() {
  const id = randomUUID();
  await sql`insert into organization (id, name, slug, "createdAt") values (${id}, 'Org', ${id}, ${new Date()})`.execute(db);
  return id;
}

let n = 0;
async function addPassage(corpus: string, content: string) {
  const id = `t/${++n}`;
  await db.transaction().execute((trx) =>
    applyPassageOp(trx, {
      kind: 'put',
      corpus,
      source: id,
      replace: false,
      passages: [{ id, url: `/files/${id}`, title: 'Notes', heading: '', content, ordinal: 0, page: null }],
    }),
  );
  // As the app's statistics folder does after the commit.
  await foldPassageStats(db);
  return id;
}

test("anonymous visitors read the guide; users also their own corpus and their organisation's", async () => {
  const org = await addOrg();
  const alone = await addUser();
  const member = await addUser(org);
  expect(await readableCorpora(db, { user_id: null })).toEqual([HELP_CORPUS]);
  expect(await readableCorpora(db, { user_id: alone })).toEqual([HELP_CORPUS, userCorpus(alone)]);
  expect(await readableCorpora(db, { user_id: member })).toEqual([HELP_CORPUS, userCorpus(member), orgCorpus(org)]);
});

test('a passage source shows where a passage came from', async () => {
  const user = await addUser();
  await addPassage(userCorpus(user), 'The quarterly aardvark budget is approved.');
  const found = await passageSource(db).search('aardvark budget', 5, await readableCorpora(db, { user_id: user }));
  expect(found).toEqual([
    {
      url: expect.stringMatching(/^\/files\//),
      title: 'Notes',
      heading: '',
      content: 'The quarterly aardvark budget is approved.',
      domain: 'user',
      published_date: null,
    },
  ]);
});

const WORDS = ['falcon', 'granite', 'harbour', 'lantern', 'meadow', 'orchid'];

test("a user finds their own passages, never another user's; a visitor finds none of theirs", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.record({ owner: fc.constantFrom('a', 'b', 'org', 'help'), words: fc.subarray(WORDS, { minLength: 1 }) }), { minLength: 1, maxLength: 12 }),
      fc.constantFrom(...WORDS),
      async (passages, word) => {
        // Fresh people each run: corpora of earlier runs cannot answer for these.
        const org = await addOrg();
        const users = { a: await addUser(org), b: await addUser(), org: '' };
        const corpusOf = { a: userCorpus(users.a), b: userCorpus(users.b), org: orgCorpus(org), help: `help-test:${org}` } as const;
        const ids: Record<string, string> = {};
        for (const p of passages) ids[await addPassage(corpusOf[p.owner], p.words.join(' '))] = p.owner;
        const search = async (userId: string | null) =>
          (await searchPassages(db, await readableCorpora(db, { user_id: userId }), word, 50)).filter((r) => r.id in ids);
        const has = (owner: string) => passages.some((p) => p.owner === owner && p.words.includes(word));

        const forA = await search(users.a);
        expect(forA.every((r) => ['a', 'org'].includes(ids[r.id]))).toBe(true);
        expect(forA.some((r) => ids[r.id] === 'a')).toBe(has('a'));
        expect(forA.some((r) => ids[r.id] === 'org')).toBe(has('org'));
        const forB = await search(users.b);
        expect(forB.every((r) => ids[r.id] === 'b')).toBe(true);
        expect(forB.length > 0).toBe(has('b'));
        expect(await search(null)).toEqual([]);
      },
    ),
    { numRuns: 25 },
  );
});
