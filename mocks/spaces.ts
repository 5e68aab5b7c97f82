// Stateful Spaces for the mock scenarios, on the server's rules: every change runs the deciders of
// services/spaces/decide.ts (and links/normalize.ts) over the Space as the mock keeps it, and the
// events they return are written back, as the server's projection writes its rows. The Spaces
// live in the scenario state beside the threads, so they survive a reload of `make dev-mocks`;
// a thread's Space is kept on the mock thread (`collection_uuid`).
// Link pages are not fetched: a private or local address (and `blocked.example`) is refused as
// the server refuses it, unless its host:port is allowed as SPACE_LINKS_ALLOW_PRIVATE_HOSTS allows.
import ipaddr from 'ipaddr.js';
import type { RequestHandler } from 'msw';
import * as gen from '../generated/msw/collections/collections.msw';
import type {
  AccessLevel,
  Collection,
  CollectionAccessUpdate,
  CollectionCreateRequest,
  CollectionEditRequest,
  CollectionInfo,
  CollectionLinkRequest,
  CollectionRef,
  SessionUser,
  SpaceInviteRequest,
  SpaceMember,
  SpaceRoleUpdate,
} from '../generated/react-query/model';
import {
  ACCESS_LEVEL,
  canEditSources,
  checkCanAddLink,
  decideAccept,
  decideAccess,
  decideAddLink,
  decideCreate,
  decideDelete,
  decideEdit,
  decideInvite,
  decideRemoveLink,
  decideRemoveMember,
  decideRoleChange,
  invitationEmail,
  isAdminCapable,
  isInvited,
  isOwnerLevel,
  normalizeLink,
  type OwnerFacts,
  permissionIn,
  SPACE_TEMPLATES,
  type SpaceAccess,
  spaceErrors,
} from '../services/spaces/pure';
import { initialSpace, type SpaceEvent, type SpaceFields, type SpaceState } from '../services/spaces/events';
import { accessAfterAddToSpace, decideAddToSpace, decideRemoveFromSpace } from '../services/threads/pure';
import { problem, refuse, ruled } from './problem';
import { applyThreadEvents, threadState, type ActorFacts } from './thread-rules';
import type { SignedInFacts } from '../services/shared/actor';
import { threadSummary, type MockThread } from './threads';

/** What the mock keeps of a Space; user_permission and thread_count are derived per caller. */
export type MockSpace = Omit<Collection, 'user_permission' | 'thread_count'> & { key: string; members: SpaceMember[] };

type Options = {
  spaces: () => MockSpace[];
  threads: () => MockThread[];
  user: () => SessionUser | null;
  visitor: () => string;
  /** The scenario's accounts: owners' organisations, and the names of invited people. */
  accounts: () => SessionUser[];
  /** Who asks, as the server's thread rules see them. */
  viewer: () => ActorFacts;
  changed: () => void;
  /** "host:port" pairs whose link pages may be added although private (the server's SPACE_LINKS_ALLOW_PRIVATE_HOSTS). */
  allowPrivateHosts?: readonly string[];
};
type HandlerOptions = Options & { store: SpaceStore };

const KEY_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const newKey = () => Array.from(crypto.getRandomValues(new Uint8Array(22)), (b) => KEY_CHARS[b % KEY_CHARS.length]).join('');
const kebab = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
export const spaceSlug = (title: string, key: string) => `${kebab(title) || 'space'}-${key}`;

// The server's texts for what its HTTP layer checks around the deciders (services/spaces/access.ts, links-use-case.ts).
const LOGIN_REQUIRED = 'Sign in to use Spaces.';
export const LINK_BLOCKED = 'This link points to a private or local network address, which Spaces cannot fetch.';

/** Whether the server would refuse to fetch this page: a private or local address, by IP or by name. */
function isBlockedHost(url: URL, allowed: readonly string[]) {
  if (allowed.includes(url.host.toLowerCase())) return false;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost') || host === 'blocked.example') return true;
  if (!ipaddr.isValid(host)) return false;
  return ipaddr.process(host).range() !== 'unicast';
}

/** The Spaces of a scenario and what one caller may do with them; shared with the files and articles mocks. */
export function spaceStore(opts: Options) {
  const isUser = (id: string) => opts.accounts().some((a) => a.id === id);
  const actorOf = (user: SessionUser | null): SignedInFacts | null =>
    user ? { user_id: user.id, email: invitationEmail(user), org_uuid: user.org_uuid } : null;
  const { viewer } = opts;
  const ownerFacts = (s: MockSpace): OwnerFacts => {
    const owner = opts.accounts().find((a) => a.id === s.owner.id);
    return { org_uuid: owner?.org_uuid ?? null, email: (owner?.email ?? s.members.find((m) => isOwnerLevel(m.access))?.email ?? '').toLowerCase() };
  };

  /** The Space as the server's stream would rebuild it. */
  const stateOf = (s: MockSpace): SpaceState => {
    const { title, description, instructions, emoji, enable_web_by_default } = s;
    return {
      created: {
        uuid: s.uuid,
        title,
        description,
        instructions,
        emoji,
        enable_web_by_default,
        access: s.access as SpaceAccess,
        template_id: s.template_id,
        owner_user_id: s.owner.id,
        created_at: s.created_at,
      },
      deleted: false,
      fields: { title, description, instructions, emoji, enable_web_by_default },
      access: s.access as SpaceAccess,
      members: Object.fromEntries(
        s.members
          .filter((m) => !isOwnerLevel(m.access))
          .map((m) => [m.member_id, { member_id: m.member_id, email: m.email.toLowerCase(), user_id: m.user_id, level: m.access }]),
      ),
      links: s.focused_web_config.link_configs.map((l) => l.link),
    };
  };
  const permission = (s: MockSpace) => permissionIn(stateOf(s), actorOf(opts.user()), ownerFacts(s));
  /** The caller's level: OWNER for their Spaces, their member level, READER when open to them, else NONE. */
  const levelOf = (s: MockSpace): AccessLevel => permission(s).level;
  // Invited people see the Space too, to accept the invitation.
  const visible = (s: MockSpace) => {
    const p = permission(s);
    return p.readable || isInvited(p.level);
  };
  const threadsOf = (uuid: string) => opts.threads().filter((t) => t.collection_uuid === uuid);
  const memberOf = (s: MockSpace, user = opts.user()) => {
    // An invitation binds to a verified address only (services/spaces/decide.ts invitationEmail).
    const email = user ? invitationEmail(user) : null;
    return user ? s.members.find((m) => m.user_id === user.id || (email !== null && m.email.toLowerCase() === email)) : undefined;
  };

  const find = (key: string) => opts.spaces().find((s) => s.uuid === key || s.slug === key || key.slice(-22) === s.key);
  /** The Space the caller may see, or the 404 the server gives for it, existing or not. */
  const get = (key: string) => {
    const s = find(key);
    if (!s || !visible(s)) throw problem(404, 'collection_not_found', 'No such Space.');
    return s;
  };
  const signedIn = () => {
    const user = opts.user();
    if (!user) throw problem(401, 'login_required', LOGIN_REQUIRED);
    return { user, actor: actorOf(user)! };
  };
  const touch = (s: MockSpace) => {
    s.updated_at = new Date().toISOString();
    opts.changed();
  };

  /** A decider's events written onto the mock Space (the server's projection, in memory). */
  const apply = (s: MockSpace, events: SpaceEvent[]) => {
    for (const e of events) {
      if (e.type === 'SpaceEdited') {
        Object.assign(s, e.data.changes);
        if (e.data.changes.title !== undefined) s.slug = spaceSlug(s.title, s.key);
      }
      if (e.type === 'SpaceAccessChanged') s.access = e.data.access;
      if (e.type === 'SpaceDeleted') opts.spaces().splice(opts.spaces().indexOf(s), 1);
      if (e.type === 'SpaceMemberInvited') {
        const account = opts.accounts().find((u) => u.email.toLowerCase() === e.data.email);
        const { member_id, email, level, invited_at } = e.data;
        s.members.push({ member_id, email, user_id: account?.id ?? null, name: account?.name ?? null, access: level, invited_at });
      }
      if (e.type === 'SpaceInviteAccepted' || e.type === 'SpaceMemberRoleChanged') {
        const m = s.members.find((x) => x.member_id === e.data.member_id);
        if (m) m.access = e.data.level;
        if (m && e.type === 'SpaceInviteAccepted') m.user_id = e.data.user_id;
      }
      if (e.type === 'SpaceMemberRemoved') s.members = s.members.filter((m) => m.member_id !== e.data.member_id);
      if (e.type === 'SpaceLinkAdded') s.focused_web_config.link_configs.push({ link: e.data.link, title: e.data.title, added_at: e.data.added_at });
      if (e.type === 'SpaceLinkRemoved') s.focused_web_config.link_configs = s.focused_web_config.link_configs.filter((l) => l.link !== e.data.link);
    }
    if (events.length && opts.spaces().includes(s)) touch(s);
  };
  /** Runs a decider on the Space, for the signed-in caller who can see it, and applies what it decides. */
  const decide = (key: string, rule: (state: SpaceState, cmd: { actor: SignedInFacts; owner: OwnerFacts; now: Date }) => SpaceEvent[]) => {
    const { actor } = signedIn();
    const s = get(key);
    apply(
      s,
      ruled(() => rule(stateOf(s), { actor, owner: ownerFacts(s), now: new Date() })),
    );
    return s;
  };

  const view = (s: MockSpace): Collection => {
    const { key: _k, members: _m, ...rest } = s;
    return { ...rest, user_permission: levelOf(s), thread_count: threadsOf(s.uuid).length };
  };
  const ref = (s: MockSpace): CollectionRef => ({ uuid: s.uuid, title: s.title, emoji: s.emoji, slug: s.slug, access: s.access, user_permission: levelOf(s) });
  const info = (uuid: string | null | undefined): CollectionInfo | null => {
    const s = uuid ? opts.spaces().find((x) => x.uuid === uuid) : undefined;
    return s ? { uuid: s.uuid, slug: s.slug, title: s.title, emoji: s.emoji } : null;
  };

  /** A thread's move in or out of a Space, by the threads' rules (services/threads/space-decide.ts). */
  const moveThread = (t: MockThread, rule: (v: ActorFacts & { user_id: string }) => Parameters<typeof applyThreadEvents>[1]) => {
    const { user } = signedIn();
    applyThreadEvents(
      t,
      ruled(() => rule({ ...viewer(), user_id: user.id })),
    );
    opts.changed();
  };
  /** upsertCollectionEntry with new_collection_uuid: the thread leaves its Space for this one. */
  const moveIn = (t: MockThread, spaceUuid: string, articleMode = false) => {
    const { user } = signedIn();
    const s = get(spaceUuid);
    if (!canEditSources(levelOf(s))) throw problem(403, 'not_space_writer', 'Only writers of this Space can add threads to it.');
    const cmd = { collection_uuid: s.uuid, enterprise: !!user.org_uuid, articleMode, now: new Date() };
    moveThread(t, (v) => decideAddToSpace(threadState(t, isUser), { ...cmd, viewer: v }));
    touch(s);
    return ref(s);
  };
  /** removeCollectionEntry with collection_uuid: collection read becomes private read. */
  const takeOut = (t: MockThread, spaceUuid: string) => {
    signedIn();
    const s = get(spaceUuid);
    const cmd = { collection_uuid: s.uuid, spaceAdmin: isAdminCapable(levelOf(s)), now: new Date() };
    moveThread(t, (v) => decideRemoveFromSpace(threadState(t, isUser), { ...cmd, viewer: v }));
    touch(s);
    return ref(s);
  };

  const readable = (s: MockSpace) => permission(s).readable;
  /** A new thread asked in a Space (services/threads/ask-in-space.ts askingInSpace): 404 unless readable; it starts there for a writer. */
  const askingIn = (uuid: string) => {
    const s = find(uuid);
    if (!s || !readable(s)) throw problem(404, 'collection_not_found', 'No such Space.');
    const user = opts.user();
    if (!user || !canEditSources(levelOf(s))) return null;
    return { collection_uuid: s.uuid, thread_access: accessAfterAddToSpace('private read', { enterprise: !!user.org_uuid, articleMode: false }) };
  };

  return {
    find,
    askingIn,
    get,
    levelOf,
    visible,
    readable,
    view,
    ref,
    info,
    signedIn,
    decide,
    apply,
    touch,
    threadsOf,
    memberOf,
    moveIn,
    takeOut,
    isUser,
    viewer,
    stateOf,
    ownerFacts,
  };
}
export type SpaceStore = ReturnType<typeof spaceStore>;

export function spaceHandlers(opts: HandlerOptions): RequestHandler[] {
  const { store } = opts;
  /** The owner first (member_id: the Space's uuid), then members and invitations as made. */
  const members = (s: MockSpace) => ({ members: [...s.members.filter((m) => isOwnerLevel(m.access)), ...s.members.filter((m) => !isOwnerLevel(m.access))] });
  // The threads of a Space the caller sees listed (services/threads/space-listing.ts): shared with the
  // Space or the public, their own, and those whose owner let them in (unless owner-only again).
  const listedInSpace = (t: MockThread) => {
    const me = opts.user()?.id;
    if (t.thread_access === 'collection read' || t.thread_access === 'public read') return true;
    return !!me && (t.owner === me || (!!t.readers?.includes(me) && t.thread_access !== 'owner-only'));
  };
  const fieldsOf = (b: CollectionEditRequest): Partial<SpaceFields> => {
    const { title, description, instructions, emoji, enable_web_by_default } = b;
    return Object.fromEntries(Object.entries({ title, description, instructions, emoji, enable_web_by_default }).filter(([, v]) => v !== undefined));
  };
  /** A link as the server keeps it, or its 400 invalid_link. */
  const normalized = (raw: string) => {
    const n = normalizeLink(raw);
    if (!n.ok) throw problem(400, 'invalid_link', n.detail);
    return n.url;
  };

  return [
    gen.getListSpaceTemplatesMockHandler({ templates: [...SPACE_TEMPLATES] }),

    gen.getCreateCollectionMockHandler(async ({ request }) => {
      const { user, actor } = store.signedIn();
      const body = (await request.json()) as CollectionCreateRequest;
      const template = body.template_id ? (SPACE_TEMPLATES.find((t) => t.id === body.template_id) ?? null) : null;
      if (body.template_id && !template) throw problem(400, 'unknown_template', `There is no template "${body.template_id}".`);
      const thread = body.entry_uuid
        ? opts
            .threads()
            .find(
              (t) => t.context_uuid === body.entry_uuid || t.thread_url_slug === body.entry_uuid || t.entries.some((e) => e.backend_uuid === body.entry_uuid),
            )
        : undefined;
      if (body.entry_uuid && !thread) throw problem(404, 'thread_not_found', 'No such thread.');
      if (thread && thread.owner !== user.id) throw problem(403, 'not_thread_owner', 'Only the owner of this thread can add it to a Space.');
      const uuid = crypto.randomUUID();
      const cmd = { uuid, actor, fields: fieldsOf(body), access: body.access as SpaceAccess | undefined, template, now: new Date() };
      const [created] = ruled(() => decideCreate(initialSpace, cmd));
      const { owner_user_id: _o, ...fields } = created!.data;
      const key = newKey();
      const space: MockSpace = {
        ...fields,
        key,
        slug: spaceSlug(fields.title, key),
        focused_web_config: { link_configs: [] },
        owner: { id: user.id, name: user.name },
        updated_at: fields.created_at,
        members: [{ member_id: uuid, email: user.email, user_id: user.id, name: user.name, access: ACCESS_LEVEL.OWNER, invited_at: fields.created_at }],
      };
      opts.spaces().push(space);
      if (thread) store.moveIn(thread, space.uuid);
      opts.changed();
      return store.view(space);
    }),

    gen.getEditCollectionMockHandler(async ({ params, request }) => {
      const body = (await request.json()) as CollectionEditRequest;
      const s = store.decide(String(params.collectionUuid), (state, cmd) =>
        decideEdit(state, { ...cmd, changes: fieldsOf(body), access: body.access as SpaceAccess | undefined }),
      );
      return store.view(s);
    }),

    gen.getDeleteCollectionMockHandler(({ params }) => {
      const { actor } = store.signedIn();
      const s = store.get(String(params.collectionUuid));
      // The owner check runs before any thread leaves the Space (services/bookmarks/delete-space.ts).
      if (!isOwnerLevel(store.levelOf(s))) throw problem(403, 'not_space_owner', 'Only the owner of this Space can delete it.');
      for (const t of store.threadsOf(s.uuid)) store.takeOut(t, s.uuid);
      store.apply(
        s,
        ruled(() => decideDelete(store.stateOf(s), { actor, owner: store.ownerFacts(s), now: new Date() })),
      );
    }),

    gen.getListUserCollectionsMockHandler(({ request }) => {
      const url = new URL(request.url);
      const limit = Number(url.searchParams.get('limit') ?? 50);
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const user = opts.user();
      // Newest change first; reversed first so Spaces changed in the same millisecond list the later one first.
      const mine = user
        ? opts
            .spaces()
            .filter((s) => s.owner.id === user.id || store.memberOf(s, user))
            .reverse()
            .sort((a, b) => b.updated_at.localeCompare(a.updated_at))
        : [];
      return { collections: mine.slice(offset, offset + limit).map(store.view), total: mine.length };
    }),

    gen.getGetCollectionMockHandler(({ request }) => store.view(store.get(new URL(request.url).searchParams.get('collection_slug') ?? ''))),

    gen.getUpdateCollectionAccessMockHandler(async ({ params, request }) => {
      const { updated_access } = (await request.json()) as CollectionAccessUpdate;
      return store.view(store.decide(String(params.collectionUuid), (state, cmd) => decideAccess(state, { ...cmd, access: updated_access as SpaceAccess })));
    }),

    gen.getAddCollectionLinkMockHandler(async ({ request }) => {
      const body = (await request.json()) as CollectionLinkRequest;
      const { actor } = store.signedIn();
      const s = store.get(body.collection_uuid);
      const link = normalized(body.link);
      if (ruled(() => checkCanAddLink(store.stateOf(s), { actor, owner: store.ownerFacts(s), link })) === 'present') return store.view(s);
      const url = new URL(link);
      if (isBlockedHost(url, opts.allowPrivateHosts ?? [])) throw problem(422, 'link_blocked', LINK_BLOCKED);
      const title = `${url.host}${url.pathname === '/' ? '' : url.pathname}`;
      return store.view(store.decide(s.uuid, (state, cmd) => decideAddLink(state, { ...cmd, link, title, text: '' })));
    }),

    gen.getRemoveCollectionLinkMockHandler(async ({ request }) => {
      const body = (await request.json()) as CollectionLinkRequest;
      store.signedIn();
      const s = store.get(body.collection_uuid);
      const link = normalized(body.link);
      return store.view(store.decide(s.uuid, (state, cmd) => decideRemoveLink(state, { ...cmd, link })));
    }),

    gen.getListCollectionThreadsMockHandler(({ request }) => {
      const url = new URL(request.url);
      const limit = Number(url.searchParams.get('limit') ?? 20);
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const uuid = url.searchParams.get('collection_uuid');
      let threads: MockThread[];
      if (uuid) {
        const s = store.get(uuid);
        // Someone merely invited sees the Space, but none of its threads yet.
        threads = store.readable(s) ? store.threadsOf(s.uuid).filter(listedInSpace) : [];
      } else {
        const user = opts.user();
        if (!user) throw problem(401, 'login_required', 'Sign in to see your bookmarks.');
        threads = opts.threads().filter((t) => (t as MockThread & { bookmarked_by?: string[] }).bookmarked_by?.includes(user.id));
      }
      const newest = [...threads].sort((a, b) => b.updated_datetime.localeCompare(a.updated_datetime));
      return { items: newest.slice(offset, offset + limit).map(threadSummary), total: newest.length };
    }),

    gen.getListCollectionMembersMockHandler(({ params }) => {
      store.signedIn();
      return members(store.get(String(params.collectionUuid)));
    }),

    gen.getInviteCollectionMemberMockHandler(async ({ params, request }) => {
      const { email, role } = (await request.json()) as SpaceInviteRequest;
      const member_id = crypto.randomUUID();
      return members(store.decide(String(params.collectionUuid), (state, cmd) => decideInvite(state, { ...cmd, email, role, member_id })));
    }),

    gen.getAcceptCollectionInviteMockHandler(({ params }) => {
      // As the server's route: before the Space is looked up, the same answer for every Space.
      const user = opts.user();
      if (user && !user.email_verified) refuse(spaceErrors.emailNotVerified());
      return store.view(store.decide(String(params.collectionUuid), decideAccept));
    }),

    gen.getChangeCollectionMemberRoleMockHandler(async ({ params, request }) => {
      const { role } = (await request.json()) as SpaceRoleUpdate;
      const member_id = String(params.memberId);
      return members(store.decide(String(params.collectionUuid), (state, cmd) => decideRoleChange(state, { ...cmd, member_id, role })));
    }),

    gen.getRemoveCollectionMemberMockHandler(({ params }) => {
      const member_id = String(params.memberId);
      return members(store.decide(String(params.collectionUuid), (state, cmd) => decideRemoveMember(state, { ...cmd, member_id })));
    }),
  ];
}
