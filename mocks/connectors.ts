// Connectors in the mock API: the server's rules (services/connectors/decide.ts) over each
// connection's events, kept in the scenario, and the views the server answers with. There is no
// provider here: starting a connection approves it at once, as the provider would after the
// person agreed, and answers the return path with `connected`, where the real server answers the
// provider's address. The connectors the mocks pretend are set up are MOCK_CONFIGURED; the others
// answer as a server without their OAuth client does. The scope granted is everything asked (null:
// not named), or what the scenario's `connectorGrantedScopes` says the person allowed.
import type { MemberFacts } from '../services/shared/actor';
import {
  getBrowseConnectorMockHandler,
  getListSharepointSitesMockHandler,
  getLogConnectorPickMockHandler,
  getRefreshBoxPickerKeyMockHandler,
  getListConnectorFilesMockHandler,
  getSyncConnectorFilesMockHandler,
  getDeleteConnectionMockHandler,
  getDisconnectConnectorMockHandler,
  getListConnectorsMockHandler,
  getStartConnectionMockHandler,
  getStartConnectorConnectionMockHandler,
  getUpdateConnectionMockHandler,
} from '../generated/msw/connectors/connectors.msw';
import type { Connection } from '../generated/react-query/model';
import type { ConnectorName } from '../services/connectors/pure';
import { type ConnectionEvent, type ConnectionState, evolveConnection, NO_CONNECTION } from '../services/connectors/events';
import {
  CONNECTORS,
  connectionView,
  connectorErrors,
  connectorInfo,
  connectorView,
  decideConnectStart,
  decideDelete,
  decideDisconnect,
  decideEstablish,
  isConnectionUuid,
  sitePath,
} from '../services/connectors/pure';
import { refuse, ruled } from './problem';
import { currentUser, type ScenarioState } from './scenarios';

export const MOCK_CONFIGURED = new Set(['google_drive', 'dropbox', 'box', 'notion', 'github', 'slack', 'onedrive', 'sharepoint', 'gmail']);

type Row = Parameters<typeof connectionView>[0];

const itemView = (i: MockConnectorItem) => ({
  uuid: i.uuid,
  name: i.name,
  type: i.type,
  connection_uuid: i.connection_uuid,
  connection_type: i.connection_type as ConnectorName,
  connection_file_url: null,
  parent_uuids: i.parent_uuids,
  updated: i.updated,
  status: 'READY' as const,
  error: null,
  file_uuid: null,
});

/** When a connection's event happened. */
const atOf = (e: ConnectionEvent) =>
  e.type === 'ConnectionEstablished'
    ? e.data.established_at
    : e.type === 'ConnectionRenewed'
      ? e.data.renewed_at
      : e.type === 'ConnectionDisconnected'
        ? e.data.disconnected_at
        : e.type === 'ConnectionDeleted'
          ? e.data.deleted_at
          : e.data.removed_at;

/** What every mock source holds, for the picker: a folder of notes and a file the sync cannot read. */
const MOCK_SOURCE = [
  { id: 'src-projects', name: 'Projects', type: 'FOLDER' as const, parent: null, selectable: true },
  { id: 'src-roadmap', name: 'roadmap.md', type: 'FILE' as const, parent: 'src-projects', selectable: true },
  { id: 'src-budget', name: 'budget.csv', type: 'FILE' as const, parent: 'src-projects', selectable: true },
  { id: 'src-notes', name: 'meeting notes.txt', type: 'FILE' as const, parent: null, selectable: true },
  { id: 'src-photo', name: 'team photo.gif', type: 'FILE' as const, parent: null, selectable: false },
];

/** The SharePoint sites of every mock connection: more than 11, so the selector offers its search. */
export const MOCK_SITES = Array.from({ length: 14 }, (_, i) => ({
  id: `site-${i + 1}`,
  name: i === 0 ? 'Handbook' : `Team site ${i + 1}`,
  webUrl: `https://contoso.sharepoint.example/sites/${i + 1}`,
}));
/** Sites a page holds, so the selector's infinite scroll has a second page to load. */
export const MOCK_SITE_PAGE = 10;
/** A SharePoint site's one library: its root folder holds what the other sources' tops hold. */
const MOCK_LIBRARY = { id: 'root', name: 'Documents', type: 'FOLDER' as const, parent: 'site' as string | null, selectable: true };
/** How long a mock Box picker key lasts. */
const BOX_KEY_MS = 60 * 60_000;

export type MockConnectorItem = {
  uuid: string;
  connection_uuid: string;
  connection_type: string;
  name: string;
  type: 'FILE' | 'FOLDER';
  parent_uuids: string[];
  picked: boolean;
  repository: string;
  updated: string;
};

export function connectorHandlers(opts: { state: () => ScenarioState; changed: () => void }) {
  const items = () => (opts.state().connectorItems ??= []);
  const repoKey = (info: { file_repository_type: string; owner_id?: string | null }, userId: string) =>
    info.file_repository_type === 'USER' ? `USER:${userId}` : `${info.file_repository_type}:${info.owner_id ?? ''}`;
  const streams = () => (opts.state().connections ??= {});
  const stateOf = (uuid: string): ConnectionState => (streams()[uuid] ?? []).reduce<ConnectionState>(evolveConnection, NO_CONNECTION);
  const who = (): MemberFacts => {
    const user = currentUser(opts.state());
    if (!user) refuse(connectorErrors.unauthenticated());
    const org = user.org_uuid ? (opts.state().orgs ?? []).find((o) => o.uuid === user.org_uuid) : null;
    return { userId: user.id, org: user.org_uuid ? { org_uuid: user.org_uuid, role: org?.admins.includes(user.id) ? 'admin' : 'member' } : null };
  };
  /** The rows the server's projection writes, newest first. */
  const rows = (): Row[] => {
    const out: Row[] = [];
    for (const [uuid, events] of Object.entries(streams())) {
      const state = stateOf(uuid);
      if (state.status !== 'connected' && state.status !== 'disconnected') continue;
      const first = events.find((e) => e.type === 'ConnectionEstablished');
      if (first?.type !== 'ConnectionEstablished') continue;
      const last = events.at(-1);
      const renamed = [...events].reverse().find((e) => e.type === 'ConnectionRenewed');
      const granted = renamed?.type === 'ConnectionRenewed' ? renamed.data.scope : first.data.scope;
      out.push({
        connection_uuid: uuid,
        connector: first.data.connector,
        owner_user_id: first.data.owner_user_id,
        org_uuid: first.data.org_uuid,
        account_id: first.data.account_id,
        display_name: renamed?.type === 'ConnectionRenewed' ? renamed.data.display_name : first.data.display_name,
        scope: granted,
        status: state.status,
        established_at: new Date(first.data.established_at),
        updated_at: new Date(last ? atOf(last) : first.data.established_at),
      });
    }
    return out.reverse();
  };
  const scopeOf = (url: string) => (new URL(url).searchParams.get('file_repository_type') === 'ORG' ? 'org' : 'user');
  const owned = (a: MemberFacts, scope: 'user' | 'org') => (r: Row) =>
    scope === 'org' ? r.org_uuid === a.org?.org_uuid : r.owner_user_id === a.userId && r.org_uuid === null;
  const change = (uuid: string, rule: (s: ConnectionState) => ConnectionEvent[]) => {
    const events = ruled(() => rule(stateOf(uuid)));
    (streams()[uuid] ??= []).push(...events);
    if (events.length) opts.changed();
  };
  const view = (a: MemberFacts, uuid: string): Connection => {
    const row = rows().find((r) => r.connection_uuid === uuid);
    if (!row) refuse(connectorErrors.connectionNotFound());
    return connectionView(row, stateOf(uuid), a) as Connection;
  };
  const start = (name: string, scope: 'user' | 'org', redirectPath: string | null) => {
    const info = connectorInfo(name);
    if (!info) refuse(connectorErrors.unknownConnector());
    const user = currentUser(opts.state());
    const back = sitePath(redirectPath) ?? (scope === 'org' ? '/account/org/connectors' : '/account/connectors');
    if (!user) return { redirect_url: `/login?redirect=${encodeURIComponent(back)}` };
    const a = who();
    const owner = ruled(() => decideConnectStart({ info, configured: MOCK_CONFIGURED.has(name), scope, actor: a }));
    // The provider approves at once: the same account connected again renews its connection.
    const existing = rows().find((r) => r.connector === name && owned(a, scope)(r));
    const decided = ruled(() =>
      decideEstablish(existing ? stateOf(existing.connection_uuid) : NO_CONNECTION, {
        connector: info.name,
        owner,
        byUserId: a.userId,
        account: { accountId: `${name}-${user.id}`, displayName: user.email },
        scope: opts.state().connectorGrantedScopes?.[name] ?? null,
        now: new Date(),
      }),
    );
    (streams()[decided.connection_uuid] ??= []).push(...decided.events);
    opts.changed();
    const url = new URL(back, 'http://mock.invalid');
    url.searchParams.set('connected', name);
    return { redirect_url: url.pathname + url.search };
  };
  const uuidOf = (a: MemberFacts, id: string) => {
    if (isConnectionUuid(id)) return id;
    if (!connectorInfo(id)) refuse(connectorErrors.unknownConnector());
    const row = rows().find((r) => r.connector === id && owned(a, 'user')(r));
    if (!row) refuse(connectorErrors.connectionNotFound());
    return row.connection_uuid;
  };

  const connectionOf = (a: MemberFacts, name: string) => {
    const row = rows().find((r) => r.connector === name && r.status === 'connected' && owned(a, 'user')(r));
    if (!row) refuse(connectorErrors.connectionNotFound());
    return row;
  };

  return [
    getBrowseConnectorMockHandler(({ request, params }) => {
      const a = who();
      connectionOf(a, String(params.name));
      const p = new URL(request.url).searchParams;
      const search = p.get('search')?.toLowerCase();
      // SharePoint: the chosen site's library first, then its folders ('root' is the library's top).
      const site = params.name === 'sharepoint' ? p.get('site_id') : null;
      const drive = site ? 'mock-library' : null;
      const folder = p.get('folder_id') === 'root' ? null : p.get('folder_id');
      const found =
        site && !search && !p.get('folder_id')
          ? [MOCK_LIBRARY]
          : MOCK_SOURCE.filter((i) => (search ? i.name.toLowerCase().includes(search) : i.parent === folder));
      // OneDrive's top also offers what others shared (none in the mocks), a folder that cannot be picked.
      if (params.name === 'onedrive' && !folder && !search && !p.get('drive_id'))
        found.push({ id: 'shared-with-me', name: 'Shared with me', type: 'FOLDER', parent: null, selectable: false });
      return {
        items: found.map((i) => ({
          id: i.id,
          name: i.name,
          type: i.type,
          drive_id: drive ?? p.get('drive_id'),
          updated: '2026-11-30T09:00:00.000Z',
          selectable: i.selectable,
        })),
        next_cursor: null,
      };
    }),
    getRefreshBoxPickerKeyMockHandler(() => {
      const a = who();
      connectionOf(a, 'box');
      return { api_key: `mock-picker-${crypto.randomUUID()}`, expires_at: new Date(Date.now() + BOX_KEY_MS).toISOString() };
    }),
    getLogConnectorPickMockHandler(async ({ request }) => {
      who();
      const body = (await request.json()) as { connection_type: string };
      if (!connectorInfo(body.connection_type)) refuse(connectorErrors.unknownConnectionType());
    }),
    getListSharepointSitesMockHandler(({ request }) => {
      const a = who();
      connectionOf(a, 'sharepoint');
      const p = new URL(request.url).searchParams;
      const search = p.get('search')?.toLowerCase();
      const cursor = p.get('cursor');
      const from = cursor ? Number(cursor) : 0;
      if (!Number.isSafeInteger(from) || from < 0) refuse(connectorErrors.badCursor());
      const all = MOCK_SITES.filter((x) => !search || x.name.toLowerCase().includes(search));
      const next = from + MOCK_SITE_PAGE < all.length ? String(from + MOCK_SITE_PAGE) : null;
      return { sites: all.slice(from, from + MOCK_SITE_PAGE), next_cursor: next };
    }),
    // The mock syncs at once: every picked item and what its folder holds is READY.
    getSyncConnectorFilesMockHandler(async ({ request, params }) => {
      const a = who();
      const name = String(params.name);
      const info = connectorInfo(name);
      if (!info) refuse(connectorErrors.unknownConnector());
      if (info.kind !== 'file') refuse(connectorErrors.notAFileConnector(info.label));
      const connection = connectionOf(a, name);
      const body = (await request.json()) as {
        file_ids?: string[];
        folder_ids?: string[];
        file_repository_info: { file_repository_type: string; owner_id?: string | null };
      };
      const picks = [...(body.file_ids ?? []), ...(body.folder_ids ?? [])];
      if (!picks.length) refuse(connectorErrors.nothingPicked());
      const repository = repoKey(body.file_repository_info, a.userId);
      const at = new Date().toISOString();
      const add = (id: string, parents: string[], picked: boolean): MockConnectorItem[] => {
        const source = id === MOCK_LIBRARY.id ? MOCK_LIBRARY : MOCK_SOURCE.find((i) => i.id === id);
        const item: MockConnectorItem = {
          uuid: crypto.randomUUID(),
          connection_uuid: connection.connection_uuid,
          connection_type: name,
          name: source?.name ?? id,
          type: source?.type ?? 'FILE',
          parent_uuids: parents,
          picked,
          repository,
          updated: at,
        };
        const children = MOCK_SOURCE.filter((i) => i.parent === (id === MOCK_LIBRARY.id ? null : id) && i.selectable).flatMap((c) =>
          add(c.id, [item.uuid], false),
        );
        return [item, ...children];
      };
      const made = picks.flatMap((id) => add(id, [], true));
      items().push(...made);
      opts.changed();
      return { files: made.filter((m) => m.picked).map(itemView) };
    }),
    getListConnectorFilesMockHandler(async ({ request }) => {
      const a = who();
      const body = (await request.json()) as {
        file_repository_info: { file_repository_type: string; owner_id?: string | null };
        filters?: {
          parent_uuids?: string[];
          root_files_only?: boolean;
          search_keyword?: string;
          status?: string[];
          uuids?: string[];
          ids?: string[];
          connection_types?: string[];
          file_types?: string[];
        };
      };
      const f = body.filters ?? {};
      const repository = repoKey(body.file_repository_info, a.userId);
      // The mock's items are all READY: another status filter shows none.
      const statusShown = !f.status?.length || f.status.includes('READY');
      const shown = items()
        .filter((i) => statusShown && i.repository === repository)
        .filter((i) => !f.parent_uuids?.length || i.parent_uuids.some((p) => f.parent_uuids?.includes(p)))
        .filter((i) => !f.root_files_only || i.picked)
        .filter((i) => ![...(f.uuids ?? []), ...(f.ids ?? [])].length || [...(f.uuids ?? []), ...(f.ids ?? [])].includes(i.uuid))
        .filter((i) => !f.connection_types?.length || f.connection_types.includes(i.connection_type))
        .filter((i) => !f.file_types?.length || f.file_types.includes(i.type))
        .filter((i) => !f.search_keyword || i.name.toLowerCase().includes(f.search_keyword.toLowerCase()));
      return { files: shown.reverse().map(itemView), next_cursor: null };
    }),
    getListConnectorsMockHandler(({ request }) => {
      const a = who();
      const scope = scopeOf(request.url);
      if (scope === 'org' && !a.org) refuse(connectorErrors.noOrganisation());
      const mine = rows().filter(owned(a, scope));
      return {
        connectors: CONNECTORS.map((info) => {
          const row = mine.find((r) => r.connector === info.name && r.status === 'connected') ?? mine.find((r) => r.connector === info.name) ?? null;
          return connectorView(info, row, { configured: MOCK_CONFIGURED.has(info.name), actor: a, scope });
        }),
      };
    }),
    getStartConnectorConnectionMockHandler(({ request, params }) => {
      const p = new URL(request.url).searchParams;
      return start(String(params.name), scopeOf(request.url), p.get('redirect_path'));
    }),
    getStartConnectionMockHandler(({ request }) => start(new URL(request.url).searchParams.get('connection_type') ?? '', 'user', null)),
    getDisconnectConnectorMockHandler(({ params }) => {
      const a = who();
      const uuid = uuidOf(a, String(params.connectorId));
      change(uuid, (s) => decideDisconnect(s, a, new Date()));
      return view(a, uuid);
    }),
    getUpdateConnectionMockHandler(async ({ request, params }) => {
      const a = who();
      const uuid = String(params.uuid);
      if (((await request.json()) as { disconnect?: boolean }).disconnect) change(uuid, (s) => decideDisconnect(s, a, new Date()));
      return view(a, uuid);
    }),
    getDeleteConnectionMockHandler(({ params }) => {
      const a = who();
      change(String(params.uuid), (s) => decideDelete(s, a, new Date()));
    }),
  ];
}
