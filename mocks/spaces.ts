// Stateful Spaces for the mock scenarios, by the rules the contract documents (spec/paths/
// collections.yaml): the Spaces live in the scenario state beside the threads, so they survive a
// reload of `make dev-mocks`; a thread's Space is kept on the mock thread (`collection_uuid`).
// `https://blocked.example/` is refused as the server refuses non-public pages, to show that error.
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
  DEFAULT_SPACE_TITLE,
  SPACE_ACCESS,
  SPACE_LIMITS,
  SPACE_ROLES,
  canEditSources,
  invitedLevel,
  isAdminCapable,
  isInvited,
  isOwnerLevel,
  isReadable,
  roleLevel,
} from '../services/spaces/access-levels';
import { problem } from './problem';
import { MOCK_SPACE_TEMPLATES } from './space-templates';
import { threadSummary, type MockThread } from './threads';

/** What the mock keeps of a Space; user_permission and thread_count are derived per caller. */
export type MockSpace = Omit<Collection, 'user_permission' | 'thread_count'> & { key: string; members: SpaceMember[] };

type Options = { spaces: () => MockSpace[]; threads: () => MockThread[]; user: () => SessionUser | null; visitor: () => string; changed: () => void };
/** The scenario's accounts, so an invitation to a known email names the person. */
type HandlerOptions = Options & { store: SpaceStore; accounts: () => SessionUser[] };

const KEY_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const newKey = () => Array.from(crypto.getRandomValues(new Uint8Array(22)), (b) => KEY_CHARS[b % KEY_CHARS.length]).join('');
const kebab = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
export const spaceSlug = (title: string, key: string) => `${kebab(title) || 'space'}-${key}`;

const EMOJI = /^([0-9a-f]{4,6}(-[0-9a-f]{4,6})*)?$/;
const BLOCKED_HOSTS = /^(blocked\.example|localhost|127\.|10\.|192\.168\.|169\.254\.|0\.0\.0\.0|\[::1\])/;

/** The fields a create or edit may set, checked as the server checks them (400 on the first bad one). */
function checkFields(body: CollectionEditRequest, user: SessionUser | null) {
  if (body.title !== undefined && (!body.title.trim() || body.title.length > SPACE_LIMITS.title))
    throw problem(400, 'invalid_title', `Give the Space a title of 1 to ${SPACE_LIMITS.title} characters.`);
  if (body.description !== undefined && body.description.length > SPACE_LIMITS.description)
    throw problem(400, 'invalid_description', `A description has at most ${SPACE_LIMITS.description} characters.`);
  if (body.instructions !== undefined && body.instructions.length > SPACE_LIMITS.instructions)
    throw problem(400, 'invalid_instructions', `Instructions have at most ${SPACE_LIMITS.instructions} characters.`);
  if (body.emoji !== undefined && !EMOJI.test(body.emoji)) throw problem(400, 'invalid_emoji', 'An emoji is given as lower-case hex code points.');
  if (body.access !== undefined && !Object.values(SPACE_ACCESS).includes(body.access)) throw problem(400, 'invalid_access', 'Unknown access.');
  if (body.access === SPACE_ACCESS.ORGANIZATION && !user?.org_uuid)
    throw problem(403, 'enterprise_only', 'Sharing with an organisation needs an Enterprise account.');
}

/** A link normalised as the server keeps it (no fragment), or a 400/422 problem. */
function normaliseLink(link: string) {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    throw problem(400, 'invalid_link', 'Enter an http or https address.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw problem(400, 'invalid_link', 'Enter an http or https address.');
  url.hash = '';
  return url;
}

/** The Spaces of a scenario and what one caller may do with them; shared with mocks/articles.ts. */
export function spaceStore(opts: Options) {
  const now = () => new Date().toISOString();
  const me = (m: SpaceMember, user: SessionUser) => m.user_id === user.id || (m.user_id === null && m.email.toLowerCase() === user.email.toLowerCase());
  const memberOf = (s: MockSpace, user = opts.user()) => (user ? s.members.find((m) => me(m, user)) : undefined);

  /** The caller's level: OWNER for their Spaces, their member level, READER by link, else NONE. */
  const levelOf = (s: MockSpace): AccessLevel => {
    const user = opts.user();
    if (user && s.owner.id === user.id) return ACCESS_LEVEL.OWNER;
    const member = memberOf(s, user);
    if (member) return member.access;
    if (s.access === SPACE_ACCESS.ANYONE_WITH_LINK) return ACCESS_LEVEL.READER;
    if (s.access === SPACE_ACCESS.ORGANIZATION && user?.org_uuid) return ACCESS_LEVEL.READER;
    return ACCESS_LEVEL.NONE;
  };
  // Invited people see the Space too, to accept the invitation.
  const visible = (s: MockSpace) => levelOf(s) !== ACCESS_LEVEL.NONE;
  const threadsOf = (uuid: string) => opts.threads().filter((t) => t.collection_uuid === uuid);

  const find = (key: string) => opts.spaces().find((s) => s.uuid === key || s.slug === key || key.slice(-22) === s.key);
  /** The Space the caller may see, or the 404 the server gives for it, existing or not. */
  const get = (key: string) => {
    const s = find(key);
    if (!s || !visible(s)) throw problem(404, 'collection_not_found', 'No such Space.');
    return s;
  };
  const signedIn = (action: string) => {
    const user = opts.user();
    if (!user) throw problem(401, 'login_required', `Sign in to ${action}.`);
    return user;
  };
  const writable = (key: string) => {
    signedIn('change this Space');
    const s = get(key);
    if (!canEditSources(levelOf(s))) throw problem(403, 'not_space_writer', 'Only writers of this Space can change it.');
    return s;
  };
  const administrable = (key: string) => {
    signedIn('change this Space');
    const s = get(key);
    if (!isAdminCapable(levelOf(s))) throw problem(403, 'not_space_admin', 'Only the owner or an admin of this Space can do that.');
    return s;
  };
  const touch = (s: MockSpace) => {
    s.updated_at = now();
    opts.changed();
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

  /** upsertCollectionEntry with new_collection_uuid: the thread leaves its Space for this one. */
  const moveIn = (t: MockThread, spaceUuid: string) => {
    const user = signedIn('add threads to a Space');
    const s = get(spaceUuid);
    if (t.owner !== user.id) throw problem(403, 'not_thread_owner', 'Only the owner of this thread can move it.');
    if (!canEditSources(levelOf(s))) throw problem(403, 'not_space_writer', 'Only writers of this Space can add threads to it.');
    t.collection_uuid = s.uuid;
    touch(s);
    return ref(s);
  };
  /** removeCollectionEntry with collection_uuid: collection read becomes private read. */
  const takeOut = (t: MockThread, spaceUuid: string) => {
    const user = signedIn('change this Space');
    const s = get(spaceUuid);
    if (t.collection_uuid !== s.uuid) return ref(s);
    if (t.owner !== user.id && !isAdminCapable(levelOf(s)))
      throw problem(403, 'not_space_admin', 'Only the thread’s owner or the Space’s owner or admin can take it out.');
    t.collection_uuid = null;
    if (t.thread_access === 'collection read') t.thread_access = 'private read';
    touch(s);
    return ref(s);
  };

  return { find, get, levelOf, visible, view, ref, info, signedIn, writable, administrable, touch, threadsOf, memberOf, moveIn, takeOut };
}
export type SpaceStore = ReturnType<typeof spaceStore>;

/** limit/offset from a URL, within the contract's bounds (400 otherwise). */
function paging(url: URL, fallbackLimit: number) {
  const limit = Number(url.searchParams.get('limit') ?? fallbackLimit);
  const offset = Number(url.searchParams.get('offset') ?? 0);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100 || !Number.isInteger(offset) || offset < 0)
    throw problem(400, 'invalid_paging', 'limit is 1 to 100 and offset at least 0.');
  return { limit, offset };
}

export function spaceHandlers(opts: HandlerOptions): RequestHandler[] {
  const { store } = opts;
  const members = (s: MockSpace) => ({ members: s.members });
  const member = (s: MockSpace, id: string) => {
    const m = s.members.find((x) => x.member_id === id);
    if (!m) throw problem(404, 'member_not_found', 'No such member of this Space.');
    return m;
  };
  // A thread the caller may see inside a Space: their own, or one shared beyond private.
  const mayRead = (t: MockThread) =>
    t.owner === (opts.user()?.id ?? opts.visitor()) || (t.thread_access !== 'owner-only' && t.thread_access !== 'private read');

  return [
    gen.getListSpaceTemplatesMockHandler({ templates: MOCK_SPACE_TEMPLATES }),

    gen.getCreateCollectionMockHandler(async ({ request }) => {
      const user = store.signedIn('create a Space');
      const body = (await request.json()) as CollectionCreateRequest;
      const template = body.template_id === undefined ? undefined : MOCK_SPACE_TEMPLATES.find((t) => t.id === body.template_id);
      if (body.template_id !== undefined && !template) throw problem(400, 'unknown_template', 'No such template.');
      checkFields(body, user);
      const thread = body.entry_uuid
        ? opts
            .threads()
            .find(
              (t) => t.context_uuid === body.entry_uuid || t.thread_url_slug === body.entry_uuid || t.entries.some((e) => e.backend_uuid === body.entry_uuid),
            )
        : undefined;
      if (body.entry_uuid && !thread) throw problem(404, 'thread_not_found', 'No such thread.');
      if (thread && thread.owner !== user.id) throw problem(403, 'not_thread_owner', 'Only the owner of this thread can move it.');
      const key = newKey();
      const title = (body.title ?? template?.title ?? DEFAULT_SPACE_TITLE).trim();
      const at = new Date().toISOString();
      const space: MockSpace = {
        uuid: crypto.randomUUID(),
        key,
        slug: spaceSlug(title, key),
        title,
        description: body.description ?? template?.description ?? '',
        instructions: body.instructions ?? template?.instructions ?? '',
        emoji: body.emoji ?? template?.emoji ?? '',
        access: body.access ?? SPACE_ACCESS.PRIVATE,
        enable_web_by_default: body.enable_web_by_default ?? true,
        template_id: template?.id ?? null,
        focused_web_config: { link_configs: [] },
        owner: { id: user.id, name: user.name },
        created_at: at,
        updated_at: at,
        members: [{ member_id: crypto.randomUUID(), email: user.email, user_id: user.id, name: user.name, access: ACCESS_LEVEL.OWNER, invited_at: at }],
      };
      opts.spaces().push(space);
      if (thread) store.moveIn(thread, space.uuid);
      opts.changed();
      return store.view(space);
    }),

    gen.getEditCollectionMockHandler(async ({ params, request }) => {
      const s = store.writable(String(params.collectionUuid));
      const body = (await request.json()) as CollectionEditRequest;
      checkFields(body, opts.user());
      const adminOnly =
        (body.access !== undefined && body.access !== s.access) ||
        (body.enable_web_by_default !== undefined && body.enable_web_by_default !== s.enable_web_by_default);
      if (adminOnly && !isAdminCapable(store.levelOf(s))) throw problem(403, 'not_space_admin', 'Only the owner or an admin can change access and web search.');
      if (body.title !== undefined) {
        s.title = body.title.trim();
        s.slug = spaceSlug(s.title, s.key);
      }
      if (body.description !== undefined) s.description = body.description;
      if (body.instructions !== undefined) s.instructions = body.instructions;
      if (body.emoji !== undefined) s.emoji = body.emoji;
      if (body.access !== undefined) s.access = body.access;
      if (body.enable_web_by_default !== undefined) s.enable_web_by_default = body.enable_web_by_default;
      store.touch(s);
      return store.view(s);
    }),

    gen.getDeleteCollectionMockHandler(({ params }) => {
      store.signedIn('delete this Space');
      const s = store.get(String(params.collectionUuid));
      if (!isOwnerLevel(store.levelOf(s))) throw problem(403, 'not_space_owner', 'Only the owner can delete this Space.');
      for (const t of store.threadsOf(s.uuid)) {
        t.collection_uuid = null;
        if (t.thread_access === 'collection read') t.thread_access = 'private read';
      }
      opts.spaces().splice(opts.spaces().indexOf(s), 1);
      opts.changed();
    }),

    gen.getListUserCollectionsMockHandler(({ request }) => {
      const { limit, offset } = paging(new URL(request.url), 50);
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
      const s = store.administrable(String(params.collectionUuid));
      const { updated_access } = (await request.json()) as CollectionAccessUpdate;
      if (updated_access === undefined) throw problem(400, 'invalid_access', 'Unknown access.');
      checkFields({ access: updated_access }, opts.user());
      s.access = updated_access;
      store.touch(s);
      return store.view(s);
    }),

    gen.getAddCollectionLinkMockHandler(async ({ request }) => {
      const body = (await request.json()) as CollectionLinkRequest;
      const s = store.writable(body.collection_uuid);
      const url = normaliseLink(body.link);
      if (BLOCKED_HOSTS.test(url.host)) throw problem(422, 'link_blocked', 'This address is not a public page.');
      const links = s.focused_web_config.link_configs;
      if (links.some((l) => l.link === url.href)) return store.view(s);
      if (links.length >= SPACE_LIMITS.links) throw problem(409, 'too_many_links', `A Space holds at most ${SPACE_LIMITS.links} links.`);
      links.push({ link: url.href, title: `${url.host}${url.pathname === '/' ? '' : url.pathname}`, added_at: new Date().toISOString() });
      store.touch(s);
      return store.view(s);
    }),

    gen.getRemoveCollectionLinkMockHandler(async ({ request }) => {
      const body = (await request.json()) as CollectionLinkRequest;
      const s = store.writable(body.collection_uuid);
      const href = normaliseLink(body.link).href;
      const before = s.focused_web_config.link_configs.length;
      s.focused_web_config.link_configs = s.focused_web_config.link_configs.filter((l) => l.link !== href);
      if (s.focused_web_config.link_configs.length !== before) store.touch(s);
      return store.view(s);
    }),

    gen.getListCollectionThreadsMockHandler(({ request }) => {
      const url = new URL(request.url);
      const { limit, offset } = paging(url, 20);
      const uuid = url.searchParams.get('collection_uuid');
      let threads: MockThread[];
      if (uuid) {
        const s = store.get(uuid);
        if (!isReadable(store.levelOf(s))) throw problem(404, 'collection_not_found', 'No such Space.');
        threads = store.threadsOf(s.uuid).filter(mayRead);
      } else {
        const user = store.signedIn('see your bookmarks');
        threads = opts.threads().filter((t) => (t as MockThread & { bookmarked_by?: string[] }).bookmarked_by?.includes(user.id));
      }
      const newest = [...threads].sort((a, b) => b.updated_datetime.localeCompare(a.updated_datetime));
      return { items: newest.slice(offset, offset + limit).map(threadSummary), total: newest.length };
    }),

    gen.getListCollectionMembersMockHandler(({ params }) => {
      const s = store.get(String(params.collectionUuid));
      const owner = s.members.filter((m) => isOwnerLevel(m.access));
      return { members: [...owner, ...s.members.filter((m) => !isOwnerLevel(m.access))] };
    }),

    gen.getInviteCollectionMemberMockHandler(async ({ params, request }) => {
      const s = store.administrable(String(params.collectionUuid));
      const { email: raw, role } = (await request.json()) as SpaceInviteRequest;
      const email = (raw ?? '').trim();
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254) throw problem(400, 'invalid_email', 'Enter a valid email address.');
      if (!SPACE_ROLES.includes(role)) throw problem(400, 'invalid_role', 'Unknown role.');
      const existing = s.members.find((m) => m.email.toLowerCase() === email.toLowerCase());
      if (existing && isOwnerLevel(existing.access)) throw problem(409, 'already_owner', 'This person owns the Space.');
      if (existing) existing.access = isInvited(existing.access) ? invitedLevel(role) : roleLevel(role);
      else {
        const account = opts.accounts().find((u) => u.email.toLowerCase() === email.toLowerCase());
        s.members.push({
          member_id: crypto.randomUUID(),
          email,
          user_id: account?.id ?? null,
          name: account?.name ?? null,
          access: invitedLevel(role),
          invited_at: new Date().toISOString(),
        });
      }
      store.touch(s);
      return members(s);
    }),

    gen.getAcceptCollectionInviteMockHandler(({ params }) => {
      const user = store.signedIn('accept this invitation');
      const s = store.find(String(params.collectionUuid));
      const m = s && store.memberOf(s, user);
      if (!s || !m || !isInvited(m.access)) throw problem(404, 'no_invitation', 'There is no invitation to this Space for you.');
      m.access = (m.access - 10) as AccessLevel;
      m.user_id = user.id;
      m.name = user.name;
      store.touch(s);
      return store.view(s);
    }),

    gen.getChangeCollectionMemberRoleMockHandler(async ({ params, request }) => {
      const s = store.administrable(String(params.collectionUuid));
      const m = member(s, String(params.memberId));
      const { role } = (await request.json()) as SpaceRoleUpdate;
      if (!SPACE_ROLES.includes(role)) throw problem(400, 'invalid_role', 'Unknown role.');
      if (isOwnerLevel(m.access)) throw problem(409, 'owner_stays', 'The owner’s role cannot change.');
      m.access = isInvited(m.access) ? invitedLevel(role) : roleLevel(role);
      store.touch(s);
      return members(s);
    }),

    gen.getRemoveCollectionMemberMockHandler(({ params }) => {
      const user = store.signedIn('change this Space');
      const s = store.get(String(params.collectionUuid));
      const m = member(s, String(params.memberId));
      if (isOwnerLevel(m.access)) throw problem(409, 'owner_stays', 'The owner cannot be removed from the Space.');
      if (!isAdminCapable(store.levelOf(s)) && store.memberOf(s, user) !== m)
        throw problem(403, 'not_space_admin', 'Only the owner or an admin can remove members.');
      s.members.splice(s.members.indexOf(m), 1);
      store.touch(s);
      return members(s);
    }),
  ];
}
