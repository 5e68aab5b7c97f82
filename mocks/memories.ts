// The person's memories in the mock API: the server's rules (services/memories/decide.ts) over
// each account's memory events, kept in the scenario, and the rows the server's projection
// would write, so the answers, codes and texts are the server's. The mocks extract nothing:
// memories come from adding them by hand.
import {
  getAddMemoryMockHandler,
  getDeleteAllMemoriesMockHandler,
  getDeleteMemoryMockHandler,
  getEditMemoryMockHandler,
  getGetMemoryEntriesMockHandler,
  getGetMemoryMockHandler,
  getGetMemorySettingsMockHandler,
  getListMemoriesMockHandler,
  getSubmitMemoryFeedbackMockHandler,
  getToggleMemoryEntryFeedbackMockHandler,
  getUpdateMemorySettingsMockHandler,
} from '../generated/msw/memories/memories.msw';
import type { Memory, MemoryContent, MemorySettings, SubmitMemoryFeedbackBody } from '../generated/react-query/model';
import {
  decideAdd,
  decideEdit,
  decideFeedback,
  decideForget,
  decideForgetAll,
  decideSwitch,
  decideToggle,
  MEMORY_PAGE_SIZE,
  memoryErrors,
  type MemoryRow,
  memoryView,
} from '../services/memories/pure';
import { evolveMemories, initialMemories, type MemoriesState, type MemoryEvent } from '../services/memories/events';
import { refuse, ruled } from './problem';
import { currentUser, type ScenarioState } from './scenarios';

/** The rows services/memories/projections.ts writes, newest first. */
export function memoryRows(events: readonly MemoryEvent[]): MemoryRow[] {
  const rows = new Map<string, MemoryRow>();
  for (const e of events) {
    if (e.type === 'MemoryRemembered') {
      const d = e.data;
      rows.set(d.memory_key, {
        memory_key: d.memory_key,
        content: d.content,
        origin: d.origin,
        from_entry_uuid: d.from_entry_uuid,
        verdict: null,
        should_forget: false,
        feedback_type: null,
        feedback_comment: null,
        created_at: d.remembered_at,
        updated_at: d.remembered_at,
      });
    } else if (e.type === 'MemoryEdited') {
      const r = rows.get(e.data.memory_key);
      if (r) Object.assign(r, { content: e.data.content, updated_at: e.data.edited_at });
    } else if (e.type === 'MemoryForgotten') rows.delete(e.data.memory_key);
    else if (e.type === 'AllMemoriesForgotten') rows.clear();
    else if (e.type === 'MemoryFeedbackGiven') {
      const r = rows.get(e.data.memory_key);
      if (!r) continue;
      const d = e.data;
      Object.assign(r, { verdict: d.verdict, should_forget: d.should_forget, updated_at: d.given_at });
      if (d.feedback_type) Object.assign(r, { feedback_type: d.feedback_type, feedback_comment: d.comment });
      if (d.verdict === null) Object.assign(r, { feedback_type: null, feedback_comment: null });
    }
  }
  return [...rows.values()].sort((a, b) => String(b.created_at).localeCompare(String(a.created_at)) || a.memory_key.localeCompare(b.memory_key));
}

export function memoryHandlers(opts: { state: () => ScenarioState; changed: () => void }) {
  const signedIn = () => {
    const user = currentUser(opts.state());
    if (!user) refuse(memoryErrors.unauthenticated());
    return user;
  };
  const eventsOf = (userId: string) => ((opts.state().memories ??= {})[userId] ??= []);
  const stateOf = (userId: string): MemoriesState => eventsOf(userId).reduce<MemoriesState>((s, e) => evolveMemories(s, e), initialMemories);
  const change = (decide: (s: MemoriesState, who: { userId: string; now: Date }) => MemoryEvent[]) => {
    const user = signedIn();
    const events = ruled(() => decide(stateOf(user.id), { userId: user.id, now: new Date() }));
    eventsOf(user.id).push(...events);
    if (events.length) opts.changed();
    return user.id;
  };
  const found = (userId: string, key: string) => {
    const row = memoryRows(eventsOf(userId)).find((r) => r.memory_key === key);
    if (!row) refuse(memoryErrors.notFound());
    return row;
  };
  const entry = (key: string, r: MemoryRow, feedbackEntryUuid: string | null = null) => ({
    entry_uuid: key,
    is_thumbs_down: r.verdict === 'not_helpful',
    feedback: r.verdict,
    should_forget: r.should_forget,
    feedback_entry_uuid: feedbackEntryUuid,
  });
  const params = (url: string) => new URL(url).searchParams;

  return [
    getListMemoriesMockHandler(({ request }) => {
      const p = params(request.url);
      const text = p.get('query')?.trim().toLowerCase();
      const rows = memoryRows(eventsOf(signedIn().id)).filter((r) => !text || r.content.toLowerCase().includes(text));
      const offset = Number(p.get('offset') ?? 0);
      const limit = Number(p.get('limit') ?? MEMORY_PAGE_SIZE);
      return { memories: rows.slice(offset, offset + limit).map(memoryView) as Memory[], total_memory_count: rows.length };
    }),
    getGetMemoryMockHandler(({ request }) => ({
      memories: [memoryView(found(signedIn().id, params(request.url).get('memory_key') ?? '')) as Memory],
      total_memory_count: 1,
    })),
    getDeleteMemoryMockHandler(({ request }) => {
      const key = params(request.url).get('memory_key') ?? '';
      change((s, who) => decideForget(s, { ...who, key }));
    }),
    getDeleteAllMemoriesMockHandler(() => {
      change((s, who) => decideForgetAll(s, who));
    }),
    getGetMemoryEntriesMockHandler(({ request }) => {
      const key = params(request.url).get('entry_uuid') ?? '';
      return { entries: [entry(key, found(signedIn().id, key))] };
    }),
    getToggleMemoryEntryFeedbackMockHandler(({ request }) => {
      const p = params(request.url);
      const key = p.get('entry_uuid') ?? '';
      const feedbackEntryUuid = p.get('feedback_entry_uuid') || null;
      const verdict = p.get('feedback') as 'helpful' | 'not_helpful';
      const userId = change((s, who) => decideToggle(s, { ...who, key, verdict, shouldForget: p.get('should_forget') === 'true', feedbackEntryUuid }));
      return entry(key, found(userId, key), feedbackEntryUuid);
    }),
    getSubmitMemoryFeedbackMockHandler(async ({ request }) => {
      const body = (await request.json()) as SubmitMemoryFeedbackBody;
      const userId = change((s, who) =>
        decideFeedback(s, {
          ...who,
          key: body.memory_key,
          type: body.type,
          comment: body.comment ?? null,
          shouldForget: body.shouldForget === true,
          feedbackEntryUuid: body.feedbackEntryUuid ?? null,
        }),
      );
      return memoryView(found(userId, body.memory_key)) as Memory;
    }),
    getAddMemoryMockHandler(async ({ request }) => {
      const body = (await request.json()) as MemoryContent;
      const key = crypto.randomUUID();
      const userId = change((s, who) => decideAdd(s, { ...who, key, content: body.content }));
      return memoryView(found(userId, key)) as Memory;
    }),
    getEditMemoryMockHandler(async ({ request }) => {
      const key = params(request.url).get('memory_key') ?? '';
      const body = (await request.json()) as MemoryContent;
      const userId = change((s, who) => decideEdit(s, { ...who, key, content: body.content }));
      return memoryView(found(userId, key)) as Memory;
    }),
    getGetMemorySettingsMockHandler(() => ({ enabled: stateOf(signedIn().id).enabled })),
    getUpdateMemorySettingsMockHandler(async ({ request }) => {
      const body = (await request.json()) as MemorySettings;
      const userId = change((s, who) => decideSwitch(s, { ...who, enabled: body.enabled }));
      return { enabled: stateOf(userId).enabled };
    }),
  ];
}
