// The person's memories over HTTP (spec/paths/memories.yaml). Every call is about the caller's
// own memories: a key is looked up under the caller only, so another person's memory answers
// 404 `memory_not_found` as a key that does not exist would; a visitor is asked to sign in.
import { randomUUID } from 'node:crypto';
import type { DomainRoutes } from '../http/handler.js';
import { signedInOr } from '../http/signed-in.js';
import type { KernelContext } from '../shared/context.js';
import { decideAdd, decideEdit, decideFeedback, decideForget, decideForgetAll, decideSwitch, decideToggle } from './decide.js';
import { memoryErrors } from './errors.js';
import { MEMORY_PAGE_SIZE } from './limits.js';
import { listMemories, memoriesEnabled, memoryOf } from './queries.js';
import { changeOwnMemories } from './use-cases.js';
import { memoryView } from './views.js';

const signedIn = signedInOr(memoryErrors.unauthenticated);

async function found(ctx: KernelContext, userId: string, key: string) {
  const row = await memoryOf(ctx.db, userId, key);
  if (!row) throw memoryErrors.notFound();
  return row;
}

const entryView = (key: string, m: Awaited<ReturnType<typeof found>>, feedbackEntryUuid: string | null = null) => ({
  entry_uuid: key,
  is_thumbs_down: m.verdict === 'not_helpful',
  feedback: m.verdict,
  should_forget: m.should_forget,
  feedback_entry_uuid: feedbackEntryUuid,
});

export const memoryRoutes = {
  async listMemories({ actor, query }, ctx) {
    const userId = await signedIn(actor);
    const { rows, total } = await listMemories(ctx.db, userId, { limit: query.limit ?? MEMORY_PAGE_SIZE, offset: query.offset ?? 0, query: query.query });
    return { status: 200, body: { memories: rows.map(memoryView), total_memory_count: total } };
  },

  async getMemory({ actor, query }, ctx) {
    const userId = await signedIn(actor);
    return { status: 200, body: { memories: [memoryView(await found(ctx, userId, query.memory_key))], total_memory_count: 1 } };
  },

  async deleteMemory({ actor, query }, ctx) {
    await changeOwnMemories(ctx, actor, (s, who) => decideForget(s, { ...who, key: query.memory_key }));
    return { status: 204 };
  },

  async deleteAllMemories({ actor }, ctx) {
    await changeOwnMemories(ctx, actor, (s, who) => decideForgetAll(s, who));
    return { status: 204 };
  },

  async getMemoryEntries({ actor, query }, ctx) {
    const userId = await signedIn(actor);
    const m = await found(ctx, userId, query.entry_uuid);
    return { status: 200, body: { entries: [entryView(query.entry_uuid, m)] } };
  },

  async toggleMemoryEntryFeedback({ actor, query }, ctx) {
    const userId = await signedIn(actor);
    const key = query.entry_uuid;
    const feedbackEntryUuid = query.feedback_entry_uuid || null;
    await changeOwnMemories(ctx, actor, (s, who) =>
      decideToggle(s, { ...who, key, verdict: query.feedback, shouldForget: query.should_forget === true, feedbackEntryUuid }),
    );
    return { status: 200, body: entryView(key, await found(ctx, userId, key), feedbackEntryUuid) };
  },

  async submitMemoryFeedback({ actor, body }, ctx) {
    const userId = await signedIn(actor);
    await changeOwnMemories(ctx, actor, (s, who) =>
      decideFeedback(s, {
        ...who,
        key: body.memory_key,
        type: body.type,
        comment: body.comment ?? null,
        shouldForget: body.shouldForget === true,
        feedbackEntryUuid: body.feedbackEntryUuid ?? null,
      }),
    );
    return { status: 200, body: memoryView(await found(ctx, userId, body.memory_key)) };
  },

  async addMemory({ actor, body }, ctx) {
    const userId = await signedIn(actor);
    const key = randomUUID();
    await changeOwnMemories(ctx, actor, (s, who) => decideAdd(s, { ...who, key, content: body.content }));
    return { status: 201, body: memoryView(await found(ctx, userId, key)) };
  },

  async editMemory({ actor, body, query }, ctx) {
    const userId = await signedIn(actor);
    await changeOwnMemories(ctx, actor, (s, who) => decideEdit(s, { ...who, key: query.memory_key, content: body.content }));
    return { status: 200, body: memoryView(await found(ctx, userId, query.memory_key)) };
  },

  async getMemorySettings({ actor }, ctx) {
    return { status: 200, body: { enabled: await memoriesEnabled(ctx.db, await signedIn(actor)) } };
  },

  async updateMemorySettings({ actor, body }, ctx) {
    const userId = await signedIn(actor);
    await changeOwnMemories(ctx, actor, (s, who) => decideSwitch(s, { ...who, enabled: body.enabled }));
    return { status: 200, body: { enabled: await memoriesEnabled(ctx.db, userId) } };
  },
} satisfies DomainRoutes<KernelContext>;
