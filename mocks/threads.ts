// Stateful threads for the mock scenarios: asking streams a cited answer over SSE (composed from
// a small stand-in for the built-in user guide, like the offline model), the entry is written as
// it streams so a reload resumes it, and getThread / listThreads / stopEntry read the same state.
// A question containing "stream error" fails halfway, to show the failed state.
import { http, HttpResponse, type RequestHandler } from 'msw';
import { getGetThreadMockHandler, getListThreadsMockHandler, getStopEntryMockHandler } from '../generated/msw/threads/threads.msw';
import type { CollectionInfo, SessionUser, Source, Thread, ThreadAccess, ThreadSummary } from '../generated/react-query/model';
import { accessRequestNotice, type NotifyRequest } from '../services/notifications/pure';
import {
  canRead,
  decideAccessAnswer,
  decideAccessChange,
  decideAccessRequest,
  decideAsk,
  decideBugReportSharing,
  decideExpiryRemoval,
  decideRewrite,
  decideStop,
  isOwner as isThreadOwner,
  isPublished,
  normalizeQuery,
  privacyState,
  slugFor,
  threadErrors,
  decideProSearch,
  proSearchLimitView,
} from '../services/threads/pure';
import { depthFallbackNotes, planSearches } from '../services/answers/pure';
import { initialThread } from '../services/threads/events';
import { problem, ruled } from './problem';
import type { MockEntry, MockEvent, MockThread } from './mock-thread';
import { applyThreadEvents, threadState, type ActorFacts } from './thread-rules';
import { QUOTA_DETAIL, researchPlan, researchReportOf } from './research';

// The mock thread's shape lives in mock-thread.ts, which thread-rules.ts reads without importing
// this module back; its importers keep reading it here.
export type { MockEntry, MockEvent, MockThread };

const GUIDE: { url: string; name: string; text: string[] }[] = [
  {
    url: 'https://answer-engine.local/help/sharing',
    name: 'Sharing a thread',
    text: [
      'Every thread starts private: only you can read it.',
      'To share a thread, open it and choose Share, then pick who may read it: anyone with the link, your Space or your organisation.',
      'People without access see "This answer is private" and can request access, which you grant from the thread.',
    ],
  },
  {
    url: 'https://answer-engine.local/help/library',
    name: 'Your library',
    text: [
      'The library keeps every thread you ask, newest first.',
      'Search the library by words in your questions and answers.',
      'Threads asked in incognito mode are not kept in the library.',
    ],
  },
  {
    url: 'https://answer-engine.local/help/accounts',
    name: 'Accounts and anonymous use',
    text: ['You can ask without an account; your threads are kept for a while and then expire.', 'Signing up keeps the threads you asked as a visitor.'],
  },
  {
    url: 'https://answer-engine.local/help/answers',
    name: 'How answers are written',
    text: [
      'Each answer cites its sources with numbered markers that link to them.',
      'Without a language model configured, the offline model answers with the best-matching sentences of the user guide.',
      'Use Rewrite to ask the same question again, or Stop to end an answer early.',
    ],
  },
  {
    url: 'https://answer-engine.local/help/shortcuts',
    name: 'Keyboard shortcuts',
    text: ['Press the focus shortcut to jump to the ask box from anywhere.', 'Open the shortcuts list to see and change every binding.'],
  },
];

const words = (s: string) => new Set(s.toLowerCase().match(/[a-z]{3,}/g) ?? []);

/** The offline model's kind of answer: the best-matching guide pages, their sentences cited. */
export function composeAnswer(question: string): { sources: Source[]; answer: string; related: string[] } {
  const q = words(question);
  const scored = GUIDE.map((doc) => ({ doc, score: [...words(`${doc.name} ${doc.text.join(' ')}`)].filter((w) => q.has(w)).length }))
    .sort((a, b) => b.score - a.score)
    .slice(0, 3);
  const sources: Source[] = scored.map(({ doc }) => ({
    url: doc.url,
    name: doc.name,
    snippet: doc.text[0]!,
    // As the server's guide passages (services/answers/passages.ts): their domain is `help`.
    meta_data: { domain_name: 'help' },
  }));
  const [main, ...rest] = scored.map((s) => s.doc);
  const lines = [
    `${main!.text[0]} [1]`,
    '',
    ...main!.text.slice(1).map((t) => `- ${t} [1]`),
    ...rest.map((d, i) => `- ${d.text[0]} [${i + 2}]`),
    '',
    `| Topic | Where to read more |`,
    `| --- | --- |`,
    ...scored.map(({ doc }, i) => `| ${doc.name} | [${i + 1}] |`),
  ];
  const related = GUIDE.filter((d) => !scored.slice(0, 1).some((s) => s.doc === d))
    .slice(0, 3)
    .map((d) => `Tell me more about ${d.name.toLowerCase()}`);
  return { sources, answer: lines.join('\n'), related };
}

/** The text in chunks of three words (with their spaces), as a model streams it. */
const chunks = (text: string) => {
  const out: string[] = [];
  for (const [i, w] of (text.match(/\S+\s*|\s+/g) ?? []).entries()) {
    if (i % 3) out[out.length - 1] += w;
    else out.push(w);
  }
  return out;
};

const uuid = () => crypto.randomUUID();

/** An SSE body from events, with `id` = index; `hold` keeps the stream open at the end. */
export function sseResponse(events: MockEvent[], opts: { from?: number; hold?: boolean } = {}) {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const [i, e] of events.entries()) {
        if (i >= (opts.from ?? 0)) controller.enqueue(encoder.encode(`id: ${i}\nevent: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`));
      }
      if (!opts.hold) controller.close();
    },
  });
  return new HttpResponse(body, { headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' } });
}

type ThreadHandlerOptions = {
  threads: () => MockThread[];
  changed: () => void;
  delayMs: number;
  /** Who is asking, as the server's rules see them; whether an id is a user's (else a visitor's). */
  viewer: () => ActorFacts;
  isUser: (id: string) => boolean;
  user: () => SessionUser | null;
  /** A user's organisation, and whether the caller may read a Space (for org read and collection read). */
  orgOf?: (userId: string) => string | null;
  readsSpace?: (collectionUuid: string) => boolean;
  collectionInfo?: (uuid: string | null | undefined) => CollectionInfo | null;
  /** A new thread asked in a Space: the server's 404 for a Space the asker cannot read, else where it starts (services/threads/ask-in-space.ts). */
  askingInSpace?: (collectionUuid: string) => { collection_uuid: string; thread_access: ThreadAccess } | null;
  /** The signed-in asker's "incognito by default" and the models configured (mocks/account-settings.ts). */
  askerDefaults?: () => { incognitoByDefault: boolean; models: readonly string[] };
  /** Whether the mock server searches the web (its features): Pro Search needs it. */
  webSearch?: () => boolean;
  /** Tells a person something, as the server's notifications do (mocks/notifications.ts). */
  notify?: (request: NotifyRequest & { notificationId: string }) => void;
};

/** A thread as the library and the Space lists show it. */
export const threadSummary = (t: MockThread): ThreadSummary => ({
  context_uuid: t.context_uuid,
  thread_url_slug: t.thread_url_slug,
  title: t.title,
  first_query: t.first_query,
  snippet: (t.entries.at(-1)?.answer ?? '').slice(0, 200),
  thread_access: t.thread_access,
  updated_datetime: t.updated_datetime,
  entry_count: t.entries.length,
});

/** The Free plan's Pro Searches a day (the server's PRO_SEARCH_DAILY_LIMIT default). */
const MOCK_PRO_SEARCH_LIMIT = 3;

export function threadHandlers(opts: ThreadHandlerOptions) {
  let proSearchesUsed = 0;
  const listeners = new Map<string, Set<() => void>>();
  const notify = (id: string) => {
    for (const l of listeners.get(id) ?? []) l();
  };
  const find = (key: string) =>
    opts.threads().find((t) => t.thread_url_slug === key || t.context_uuid === key || t.entries.some((e) => e.backend_uuid === key));
  const findEntry = (id: string) => {
    for (const t of opts.threads()) for (const e of t.entries) if (e.backend_uuid === id) return { thread: t, entry: e };
    return undefined;
  };
  const running = new Set<string>();
  const state = (t: MockThread) => threadState(t, opts.isUser);
  /** The thread of a key, or the server's 404. */
  const existing = (key: string) => {
    const t = find(key);
    if (!t) throw problem(404, 'thread_not_found', 'No such thread.');
    return t;
  };
  /** The server's read rule (services/threads/access-rules.ts) with the mock's facts. */
  const mayRead = (t: MockThread) => {
    const viewer = opts.viewer();
    const started = state(t).started!;
    const isOwner = isThreadOwner(started, viewer);
    if (isOwner || t.thread_access === 'public read') return { isOwner, readable: true };
    if (!viewer.user_id) return { isOwner, readable: false };
    const ownerOrg = started.owner_user_id ? (opts.orgOf?.(started.owner_user_id) ?? null) : null;
    const viewerOrg = opts.orgOf?.(viewer.user_id) ?? null;
    const readable = canRead({
      access: t.thread_access,
      isOwner,
      isGrantedReader: !!t.readers?.includes(viewer.user_id),
      sameOrg: !!viewerOrg && viewerOrg === ownerOrg,
      inThreadSpace: t.thread_access === 'collection read' && !!t.collection_uuid && !!opts.readsSpace?.(t.collection_uuid),
    });
    return { isOwner, readable };
  };
  const readable = (key: string) => {
    const t = existing(key);
    if (!mayRead(t).readable) throw problem(403, 'thread_private', 'This answer is private');
    return t;
  };

  // The "durable workflow": plays the entry's plan into its state, whoever is listening.
  const produce = async (thread: MockThread, entry: MockEntry) => {
    if (running.has(entry.backend_uuid)) return;
    running.add(entry.backend_uuid);
    while (entry.status === 'pending') {
      await new Promise((r) => setTimeout(r, entry.sent === 0 ? 0 : opts.delayMs));
      if (entry.status !== 'pending') break;
      const next: MockEvent = entry.stop ? { event: 'completed', data: { backend_uuid: entry.backend_uuid, status: 'stopped' } } : entry.plan[entry.sent]!;
      if (entry.stop) entry.plan.splice(entry.sent, entry.plan.length - entry.sent, next);
      entry.sent++;
      const d = next.data as Record<string, never>;
      if (next.event === 'sources') entry.sources = d.sources;
      if (next.event === 'pro_search') entry.pro_search_steps = next.data as never;
      if (next.event === 'delta') entry.answer += d.text;
      if (next.event === 'related') entry.related_questions = d.questions;
      if (next.event === 'completed') entry.status = d.status;
      if (next.event === 'failed') {
        entry.status = 'failed';
        entry.error = 'stream error';
      }
      thread.updated_datetime = new Date().toISOString();
      opts.changed();
      notify(entry.backend_uuid);
    }
    running.delete(entry.backend_uuid);
  };

  const stream = (entry: MockEntry, from: number) => {
    const encoder = new TextEncoder();
    let off = () => {};
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        let i = from;
        const flush = () => {
          for (; i < entry.sent; i++) {
            const e = entry.plan[i]!;
            controller.enqueue(encoder.encode(`id: ${i}\nevent: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`));
          }
          if (entry.status !== 'pending' && i >= entry.sent) {
            off();
            controller.close();
          }
        };
        const set = listeners.get(entry.backend_uuid) ?? new Set();
        listeners.set(entry.backend_uuid, set);
        set.add(flush);
        off = () => set.delete(flush);
        flush();
      },
      cancel: () => off(),
    });
    return new HttpResponse(body, { headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' } });
  };

  /** What publishing depends on (services/threads/views.ts): an Enterprise owner, a thread in a Space. */
  const publishing = (t: MockThread) => ({ enterprise: opts.isUser(t.owner) && !!opts.orgOf?.(t.owner), inCollection: !!t.collection_uuid });
  const view = (t: MockThread): Thread => {
    const { owner, entries, access_requests: _r, collection_uuid, ...rest } = t;
    const latest = entries.at(-1);
    return {
      ...rest,
      backend_uuid: latest?.backend_uuid ?? '',
      query_str: latest?.query_str ?? t.first_query,
      focus: 'auto',
      author: { id: owner, username: owner.startsWith('user-') ? 'Ada Lovelace' : null, image: null },
      collection_info: opts.collectionInfo?.(collection_uuid) ?? null,
      privacy_state: privacyState(t.thread_access, publishing(t)),
      is_published: isPublished(t.thread_access, publishing(t)),
      is_owner: mayRead(t).isOwner,
      bookmark_state: 'NOT_BOOKMARKED',
      entries: entries.map(({ plan: _p, sent: _s, stop: _st, research, ...e }) => (research ? { ...e, research_report: true } : e)),
    };
  };

  const handlers: RequestHandler[] = [
    http.post('*/rest/threads/ask', async ({ request }) => {
      const body = (await request.json()) as {
        query_str?: string;
        context_uuid?: string;
        frontend_context_uuid?: string;
        incognito?: boolean;
        collection_uuid?: string;
        model_preference?: string;
        rewrite_of?: string;
        answer_depth?: 'quick' | 'pro' | 'research';
      };
      const query = ruled(() => normalizeQuery(body.query_str ?? ''));
      const research = body.answer_depth === 'research';
      if (research && /quota/i.test(query)) throw problem(429, 'research_quota_reached', QUOTA_DETAIL);
      // The server's defaults (services/threads/asker-defaults.ts): a named model must be configured; a new thread
      // outside a Space follows the asker's "incognito by default" when the question does not say.
      const defaults = opts.askerDefaults?.() ?? { incognitoByDefault: false, models: ['offline-extractive'] };
      if (body.model_preference !== undefined && !defaults.models.includes(body.model_preference))
        throw problem(400, 'unknown_model', threadErrors.unknownModel().message);
      const incognito = body.incognito ?? (defaults.incognitoByDefault && !body.collection_uuid);
      const isNew = !body.context_uuid;
      const space = isNew && body.collection_uuid ? (opts.askingInSpace?.(body.collection_uuid) ?? null) : null;
      let thread = body.context_uuid ? find(body.context_uuid) : undefined;
      // The server's rule: a rewrite the offline model would answer with the same words adds nothing.
      if (body.rewrite_of) {
        const previous = thread?.entries.find((e) => e.backend_uuid === body.rewrite_of);
        ruled(() => {
          if (decideRewrite(previous, 'offline-extractive') === 'unchanged') throw threadErrors.rewriteUnchanged();
        });
      }
      const context_uuid = body.context_uuid ?? uuid();
      const backend_uuid = uuid();
      const viewer = opts.viewer();
      // The server's rule: who may continue (thread_not_found, thread_forbidden), and what a new thread starts as.
      const asked = ruled(() =>
        decideAsk(
          thread ? state(thread) : initialThread,
          {
            context_uuid,
            backend_uuid,
            thread_url_slug: slugFor(query, context_uuid),
            frontend_context_uuid: body.frontend_context_uuid ?? null,
            query_str: query,
            search_mode: 'auto',
            incognito,
            model: 'offline-extractive',
            asker: { ...viewer, visitor_id: viewer.visitor_ids[0] ?? '' },
            space,
            now: new Date(),
          },
          isNew,
        ),
      );
      const now = new Date().toISOString();
      const started = asked.find((e) => e.type === 'ThreadStarted')?.data;
      if (started) {
        thread = {
          context_uuid,
          thread_url_slug: started.thread_url_slug,
          frontend_context_uuid: started.frontend_context_uuid,
          title: started.title,
          first_query: query,
          thread_access: started.thread_access,
          expiry_time: started.expiry_time,
          updated_datetime: now,
          owner: started.owner_user_id ?? started.owner_visitor_id!,
          entries: [],
          collection_uuid: asked.find((e) => e.type === 'ThreadAddedToSpace')?.data.collection_uuid ?? null,
        };
        if (!incognito) opts.threads().push(thread);
      }
      if (!thread) throw new Error('decideAsk neither started nor found the thread');
      // Pro Search as the server decides it (pro-search-quota-decide.ts): a visitor gets quick; a person has the
      // Free plan's daily Pro Searches in this mock session (no plans here), then quick with the upgrade prompt.
      const depth =
        body.answer_depth === 'pro' && opts.webSearch?.()
          ? decideProSearch({ userId: viewer.user_id, unlimited: false }, proSearchesUsed, MOCK_PRO_SEARCH_LIMIT, backend_uuid, new Date())
          : null;
      if (depth?.depth === 'pro') proSearchesUsed++;
      const { sources, answer: composed, related } = composeAnswer(query);
      const fallback = depth?.depth === 'quick' ? depth : null;
      const answer = [...depthFallbackNotes(fallback?.fallback), composed].join('\n\n');
      const deltas = chunks(answer);
      const queries = planSearches(query);
      // The live steps the server sends before a web answer's text (retrieve.ts, pro-search/run.ts).
      const webSearched = !!opts.webSearch?.();
      const status = (step: string, text: string, more: Record<string, unknown> = {}): MockEvent => ({ event: 'status', data: { step, text, ...more } });
      const liveSteps: MockEvent[] =
        depth?.depth === 'pro'
          ? [
              status('planning', 'Planning the searches'),
              status('searching', `Searching the web: ${queries.length} searches`, { queries }),
              status('reading', `Reading ${sources.length} ${sources.length === 1 ? 'source' : 'sources'}`, { sources_read: sources.length }),
            ]
          : webSearched
            ? [status('searching', 'Searching the web')]
            : [];
      const writing = webSearched ? [status('writing', 'Writing the answer')] : [];
      const proSteps =
        depth?.depth === 'pro'
          ? [
              {
                event: 'pro_search',
                data: {
                  queries,
                  sources_read: sources.length,
                  pages: sources.map((s) => ({ url: s.url, title: s.name })),
                  duration_ms: 40 * queries.length,
                  planner: 'offline',
                },
              },
            ]
          : [];
      const fails = /stream error/i.test(query);
      const threadEvent: MockEvent = {
        event: 'thread',
        data: {
          context_uuid: thread.context_uuid,
          backend_uuid,
          thread_url_slug: thread.thread_url_slug,
          frontend_context_uuid: thread.frontend_context_uuid,
          model: 'offline-extractive',
        },
      };
      const quickPlan: MockEvent[] = [
        {
          event: 'thread',
          data: {
            context_uuid: thread.context_uuid,
            backend_uuid,
            thread_url_slug: thread.thread_url_slug,
            frontend_context_uuid: thread.frontend_context_uuid,
            model: 'offline-extractive',
            ...(body.answer_depth ? { answer_depth: depth?.depth ?? 'quick' } : {}),
            ...(fallback ? { pro_search_limit: proSearchLimitView(fallback) } : {}),
          },
        },
        ...liveSteps,
        ...proSteps,
        { event: 'sources', data: { sources } },
        ...writing,
        ...(fails ? deltas.slice(0, Math.ceil(deltas.length / 2)) : deltas).map((text) => ({ event: 'delta', data: { text } })),
        ...(fails
          ? [{ event: 'failed', data: { backend_uuid, error: 'stream error', detail: 'The model stopped responding.' } }]
          : [
              { event: 'related', data: { questions: related } },
              { event: 'completed', data: { backend_uuid, status: 'completed' } },
            ]),
      ];
      const plan = research ? researchPlan(query, backend_uuid, threadEvent, { sources, answer }) : quickPlan;
      const entry: MockEntry = {
        ...(research ? { research: true } : {}),
        backend_uuid,
        query_str: query,
        status: 'pending',
        answer: '',
        sources: [],
        related_questions: [],
        error: null,
        model: 'offline-extractive',
        created_at: now,
        plan,
        sent: 0,
      };
      thread.entries.push(entry);
      opts.changed();
      void produce(thread, entry);
      return stream(entry, 0);
    }),
    http.get('*/rest/threads/entries/:backendUuid/research', ({ params }) => {
      const found = findEntry(String(params.backendUuid));
      if (!found?.entry.research || !mayRead(found.thread).readable) return problem(404, 'research_not_found', 'No such Research report.');
      return HttpResponse.json(researchReportOf(found.entry.backend_uuid, found.entry.plan.slice(0, found.entry.sent), found.entry.status));
    }),
    http.get('*/rest/threads/entries/:backendUuid/events', ({ params, request }) => {
      const found = findEntry(String(params.backendUuid));
      if (!found || !mayRead(found.thread).readable) return problem(404, 'entry_not_found', 'No such answer.');
      const last = request.headers.get('last-event-id');
      void produce(found.thread, found.entry);
      return stream(found.entry, last ? Number(last) + 1 : 0);
    }),
    getStopEntryMockHandler(({ params }) => {
      const found = findEntry(String(params.backendUuid));
      if (!found) throw problem(404, 'entry_not_found', 'No such answer.');
      if (ruled(() => decideStop(state(found.thread), found.entry.backend_uuid, opts.viewer(), new Date())).length) found.entry.stop = true;
    }),
    getGetThreadMockHandler(({ params }) => {
      return view(readable(String(params.entryUuidOrSlug)));
    }),
    http.put('*/rest/thread/:key/access', async ({ params, request }) => {
      const t = existing(String(params.key));
      const { thread_access } = (await request.json()) as { thread_access: ThreadAccess };
      const viewer = opts.viewer();
      const enterprise = !!(viewer.user_id && opts.orgOf?.(viewer.user_id));
      const cmd = { viewer, thread_access, enterprise, inSpace: !!t.collection_uuid, now: new Date() };
      applyThreadEvents(
        t,
        ruled(() => decideAccessChange(state(t), cmd)),
      );
      opts.changed();
      return HttpResponse.json(view(t));
    }),
    http.put('*/rest/thread/:key', ({ params }) => {
      const t = existing(String(params.key));
      applyThreadEvents(
        t,
        ruled(() => decideExpiryRemoval(state(t), opts.viewer(), new Date())),
      );
      opts.changed();
      return HttpResponse.json(view(t));
    }),
    http.post('*/rest/thread/:key/access-requests', ({ params }) => {
      const t = existing(String(params.key));
      const cmd = { requester: opts.viewer(), canReadNow: mayRead(t).readable, request_id: uuid(), now: new Date() };
      const { events, request_id } = ruled(() => decideAccessRequest(state(t), cmd));
      const user = opts.user();
      t.access_requests ??= [];
      for (const e of events) {
        // The owner hears of it, as the server's notification consumer tells them.
        const notice = accessRequestNotice(e.data, {
          ownerUserId: opts.isUser(t.owner) ? t.owner : null,
          requesterName: user?.name ?? null,
          threadTitle: t.title,
          threadSlug: t.thread_url_slug,
        });
        if (notice) opts.notify?.({ ...notice, notificationId: notice.notificationId ?? `access-request-${e.data.request_id}` });
        t.access_requests.push({
          request_id: e.data.request_id,
          context_uuid: t.context_uuid,
          thread_url_slug: t.thread_url_slug,
          thread_title: t.title,
          requester: { id: e.data.requester_user_id, name: user?.name ?? '', email: user?.email ?? '' },
          status: 'requested',
          requested_at: e.data.requested_at,
        });
      }
      opts.changed();
      // The requester gets their request only, nothing of the thread.
      const request = t.access_requests!.find((r) => r.request_id === request_id)!;
      return HttpResponse.json({ request_id: request.request_id, status: request.status, requested_at: request.requested_at }, { status: 202 });
    }),
    http.get('*/rest/thread-access-requests', () => {
      const me = opts.viewer().user_id;
      return HttpResponse.json({
        requests: me
          ? opts
              .threads()
              .filter((t) => t.owner === me)
              .flatMap((t) => (t.access_requests ?? []).filter((r) => r.status === 'requested'))
          : [],
      });
    }),
    http.post('*/rest/thread-access-requests/:id/:answer', ({ params }) => {
      const t = opts.threads().find((x) => x.access_requests?.some((r) => r.request_id === params.id));
      if (!t) return problem(404, 'request_not_found', 'No such access request.');
      const cmd = { viewer: opts.viewer(), request_id: String(params.id), grant: params.answer === 'grant', now: new Date() };
      applyThreadEvents(
        t,
        ruled(() => decideAccessAnswer(state(t), cmd)),
      );
      opts.changed();
      return HttpResponse.json(t.access_requests!.find((r) => r.request_id === params.id));
    }),
    getListThreadsMockHandler(({ request }) => {
      const url = new URL(request.url);
      const q = url.searchParams.get('q')?.toLowerCase().trim();
      const limit = Number(url.searchParams.get('limit') ?? 20);
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const mine = opts
        .threads()
        .filter((t) => mayRead(t).isOwner)
        .filter(
          (t) => !q || t.title.toLowerCase().includes(q) || t.entries.some((e) => e.answer.toLowerCase().includes(q) || e.query_str.toLowerCase().includes(q)),
        )
        .sort((a, b) => b.updated_datetime.localeCompare(a.updated_datetime));
      const items: ThreadSummary[] = mine.slice(offset, offset + limit).map(threadSummary);
      return { items, total: mine.length };
    }),
  ];
  const resumeProducers = () => {
    for (const t of opts.threads()) for (const e of t.entries) if (e.status === 'pending') void produce(t, e);
  };
  /** After a bug report from the thread's page: the server's rule (public read, no expiry, the signed-in owner's only). */
  const shareForBugReport = (key: string) => {
    const t = find(key);
    if (!t) return;
    const events = decideBugReportSharing(state(t), opts.viewer(), new Date());
    if (!events.length) return;
    applyThreadEvents(t, events);
    opts.changed();
  };
  return { handlers, resumeProducers, existing, readable, mayRead, state, shareForBugReport };
}
