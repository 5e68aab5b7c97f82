// Connectors in the mock API: the server's rules (services/connectors/decide.ts) over each
// connection's events, kept in the scenario, and the views the server answers with. There is no
// provider here: starting a connection approves it at once, as the provider would after the
// person agreed, and answers the return path with `connected`, where the real server answers the
// provider's address. The connectors the mocks pretend are set up are MOCK_CONFIGURED; the others
// answer as a server without their OAuth client does.
import type { MemberFacts } from '../services/shared/actor';
import {
  getDeleteConnectionMockHandler,
  getDisconnectConnectorMockHandler,
  getListConnectorsMockHandler,
  getStartConnectionMockHandler,
  getStartConnectorConnectionMockHandler,
  getUpdateConnectionMockHandler,
} from '../generated/msw/connectors/connectors.msw';
import type { Connection } from '../generated/react-query/model';
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

export const MOCK_CONFIGURED = new Set(['google_drive', 'dropbox', 'box', 'notion', 'github', 'slack', 'onedrive', 'sharepoint']);

type Row = Parameters<typeof connectionView>[0];

/** When a connection's event happened. */
const atOf = (e: ConnectionEvent) =>
  e.type === 'ConnectionEstablished'
    ? e.data.established_at
    : e.type === 'ConnectionRenewed'
      ? e.data.renewed_at
      : e.type === 'ConnectionDisconnected'
        ? e.data.disconnected_at
        : e.data.deleted_at;

export function connectorHandlers(opts: { state: () => ScenarioState; changed: () => void }) {
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
      out.push({
        connection_uuid: uuid,
        connector: first.data.connector,
        owner_user_id: first.data.owner_user_id,
        org_uuid: first.data.org_uuid,
        account_id: first.data.account_id,
        display_name: renamed?.type === 'ConnectionRenewed' ? renamed.data.display_name : first.data.display_name,
        scope: null,
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
        scope: null,
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

  return [
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
