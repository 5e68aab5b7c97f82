// Rebuilding the Space read models (spaces, space_members, the links' passages) from the log
// gives back exactly what inline projection wrote, for random sequences of Space commands run
// through the real rules and store.
import type { SignedInFacts } from '../shared/actor.js';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { migratedDb } from '../../tests/support/database.js';
import { projections } from '../app/projections.js';
import type { Db } from '../db/database.js';
import { rebuildProjections } from '../eventstore/rebuild.js';
import { foldPassageStats } from '../passages/index.js';
import { EventStore } from '../eventstore/store.js';
import { DomainError } from '../shared/domain-error.js';
import { SPACE_ROLES, type SpaceRole } from './access-levels.js';
import {
  decideAccept,
  decideAccess,
  decideAddLink,
  decideCreate,
  decideDelete,
  decideEdit,
  decideInvite,
  decideRemoveLink,
  decideRemoveMember,
} from './decide.js';
import { decideSpace } from './use-cases.js';

let db: Db;
let close: () => Promise<void>;
let store: EventStore;
beforeAll(async () => {
  ({ db, close } = await migratedDb());
  store = new EventStore(db, projections);
});
afterAll(async () => close?.());

const SPACES = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002'];
const people: SignedInFacts[] = [0, 1, 2].map((i) => ({ user_id: `user-${i}`, email: `user${i}@example.com`, org_uuid: null }));
const owner = { email: 'user0@example.com', org_uuid: null };

type Command =
  | { kind: 'create'; space: number; title: string }
  | { kind: 'edit'; space: number; title: string; web: boolean }
  | { kind: 'access'; space: number; access: 1 | 2 }
  | { kind: 'invite'; space: number; person: number; role: SpaceRole; id: number }
  | { kind: 'accept'; space: number; person: number }
  | { kind: 'remove'; space: number; id: number }
  | { kind: 'link'; space: number; page: number; words: string }
  | { kind: 'unlink'; space: number; page: number }
  | { kind: 'delete'; space: number };

const space = fc.nat(1);
const words = fc.array(fc.constantFrom('moth', 'lantern', 'bog', 'glow', 'survey', 'spring'), { minLength: 1, maxLength: 300 }).map((w) => w.join(' '));
const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ kind: fc.constant('create' as const), space, title: fc.string({ minLength: 1, maxLength: 20 }).filter((t) => !!t.trim()) }),
  fc.record({ kind: fc.constant('edit' as const), space, title: fc.constantFrom('Alpha', 'Beta'), web: fc.boolean() }),
  fc.record({ kind: fc.constant('access' as const), space, access: fc.constantFrom(1 as const, 2 as const) }),
  fc.record({ kind: fc.constant('invite' as const), space, person: fc.integer({ min: 1, max: 2 }), role: fc.constantFrom(...SPACE_ROLES), id: fc.nat(3) }),
  fc.record({ kind: fc.constant('accept' as const), space, person: fc.integer({ min: 1, max: 2 }) }),
  fc.record({ kind: fc.constant('remove' as const), space, id: fc.nat(3) }),
  fc.record({ kind: fc.constant('link' as const), space, page: fc.nat(2), words }),
  fc.record({ kind: fc.constant('unlink' as const), space, page: fc.nat(2) }),
  fc.record({ kind: fc.constant('delete' as const), space }),
);

function run(cmd: Command, now: Date) {
  const uuid = SPACES[cmd.space];
  const ada = people[0];
  return decideSpace(store, uuid, (state) => {
    switch (cmd.kind) {
      case 'create':
        return decideCreate(state, { uuid, actor: ada, fields: { title: cmd.title }, template: null, now });
      case 'edit':
        return decideEdit(state, { actor: ada, owner, changes: { title: cmd.title, enable_web_by_default: cmd.web }, now });
      case 'access':
        return decideAccess(state, { actor: ada, owner, access: cmd.access, now });
      case 'invite':
        return decideInvite(state, { actor: ada, owner, email: people[cmd.person].email!, role: cmd.role, member_id: `member-${cmd.id}`, now });
      case 'accept':
        return decideAccept(state, { actor: people[cmd.person], owner, now });
      case 'remove':
        return decideRemoveMember(state, { actor: ada, owner, member_id: `member-${cmd.id}`, now });
      case 'link':
        return decideAddLink(state, { actor: ada, owner, link: `https://pages.example/${cmd.page}`, title: `Page ${cmd.page}`, text: cmd.words, now });
      case 'unlink':
        return decideRemoveLink(state, { actor: ada, owner, link: `https://pages.example/${cmd.page}`, now });
      case 'delete':
        return decideDelete(state, { actor: ada, owner, now });
    }
  });
}

const snapshot = async () => ({
  spaces: (await sql`select * from spaces order by uuid`.execute(db)).rows,
  members: (await sql`select * from space_members order by space_uuid, member_id`.execute(db)).rows,
  passages: (await sql`select id, corpus, source, url, content, ordinal, word_count from passages where corpus like 'space:%' order by id`.execute(db)).rows,
  corpora: (await sql`select * from passage_corpus_stats where corpus like 'space:%' order by corpus`.execute(db)).rows,
  terms: (await sql`select * from passage_term_stats where corpus like 'space:%' order by corpus, term`.execute(db)).rows,
});

test('rebuilding the Space read models equals inline projection', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(fc.tuple(command, fc.integer({ min: 0, max: 10 ** 9 })), { minLength: 1, maxLength: 30 }), async (steps) => {
      await sql`truncate events, spaces, space_members, passages, passage_corpus_stats, passage_term_stats, passage_stat_changes, passage_segments, passage_postings restart identity`.execute(
        db,
      );
      // Deleted Spaces stay deleted; their uuids are not reused by a later create.
      for (const [cmd, ms] of steps)
        await run(cmd, new Date(Date.UTC(2026, 0, 1) + ms)).catch((err) => {
          if (!(err instanceof DomainError)) throw err;
        });
      // The statistics as the app's folder leaves them once it has folded the writes' changes.
      expect(await foldPassageStats(db)).not.toBe('busy');
      const inline = await snapshot();
      await rebuildProjections(store, 3);
      expect(await snapshot()).toEqual(inline);
    }),
    { numRuns: 25 },
  );
});
