// Data rights in the mock API: an export is "prepared" by the next look at it, then downloads as
// a small zip of the scenario's threads; deleting the account applies the server's rules
// (services/rights/decide.ts) to the scenario's Spaces, then removes the account and signs out.
import JSZip from 'jszip';
import {
  getDeleteAccountMockHandler,
  getDownloadDataExportMockHandler,
  getGetDataExportMockHandler,
  getListOwnedSpacesForDeletionMockHandler,
  getRequestDataExportMockHandler,
} from '../generated/msw/data-rights/data-rights.msw';
import type { AccountDeletionRequest, DataExport } from '../generated/react-query/model';
import { identityErrors } from '../services/identity/pure';
import { checkDeparture } from '../services/orgs/pure';
import { evolveOrg, initialOrg } from '../services/orgs/events';
import { checkDownload, decideDeletion, expiryOf, rightsErrors } from '../services/rights/pure';
import { isReadable } from '../services/spaces/pure';
import { refuse, ruled } from './problem';
import { currentUser, type ScenarioState } from './scenarios';
import type { MockSpace } from './spaces';

type Options = { state: () => ScenarioState; spaces: () => MockSpace[]; changed: () => void };

export function dataRightsHandlers(opts: Options) {
  const exports = new Map<string, DataExport & { user_id: string }>();
  const me = () => currentUser(opts.state()) ?? refuse(identityErrors.unauthenticated());
  const latestOf = (userId: string) => [...exports.values()].filter((e) => e.user_id === userId).at(-1) ?? null;
  const view = ({ user_id: _u, ...e }: DataExport & { user_id: string }): DataExport => e;
  const owned = (userId: string) =>
    opts
      .spaces()
      .filter((s) => s.owner.id === userId)
      .map((s) => ({ space: s, heirs: s.members.filter((m) => m.user_id && m.user_id !== userId && isReadable(m.access)) }));
  return [
    getGetDataExportMockHandler(() => {
      const latest = latestOf(me().id);
      // Prepared by the time anyone looks again.
      if (latest?.status === 'preparing') {
        const now = new Date();
        Object.assign(latest, {
          status: 'ready',
          ready_at: now.toISOString(),
          expires_at: expiryOf(now).toISOString(),
          size: 2048,
          download_url: `/rest/account/export/${latest.export_id}/download`,
        });
      }
      return { export: latest ? view(latest) : null };
    }),
    getRequestDataExportMockHandler(() => {
      const user = me();
      const latest = latestOf(user.id);
      if (latest?.status === 'preparing') return view(latest);
      const created = {
        export_id: crypto.randomUUID(),
        user_id: user.id,
        status: 'preparing' as const,
        requested_at: new Date().toISOString(),
        ready_at: null,
        expires_at: null,
        size: null,
        download_url: null,
      };
      exports.set(created.export_id, created);
      return view(created);
    }),
    getDownloadDataExportMockHandler(async ({ params }) => {
      const user = me();
      const found = exports.get(String(params.exportId));
      ruled(() => checkDownload(found ? { ...found, expires_at: found.expires_at ? new Date(found.expires_at) : null } : null, user.id, new Date()));
      const zip = new JSZip();
      zip.file('profile.json', JSON.stringify({ name: user.name, email: user.email }, null, 2));
      zip.file('threads/index.json', JSON.stringify(opts.state().threads ?? [], null, 2));
      return new Blob([await zip.generateAsync({ type: 'arraybuffer' })]);
    }),
    getListOwnedSpacesForDeletionMockHandler(() => ({
      spaces: owned(me().id).map(({ space, heirs }) => ({
        uuid: space.uuid,
        title: space.title,
        emoji: space.emoji,
        heirs: heirs.map((h) => ({ member_id: h.member_id, name: h.name, email: h.email })),
      })),
    })),
    getDeleteAccountMockHandler(async ({ request }) => {
      const user = me();
      const body = (await request.json()) as AccountDeletionRequest;
      const state = opts.state();
      const account = state.accounts.find((a) => a.user.id === user.id)!;
      if (account.password !== body.password) refuse(rightsErrors.wrongPassword());
      const mine = owned(user.id);
      ruled(() =>
        decideDeletion(
          { requested: null },
          {
            user_id: user.id,
            confirmation: body.confirmation,
            owned: mine.map((o) => ({ uuid: o.space.uuid, heirs: o.heirs.map((h) => h.member_id) })),
            hand_over: body.hand_over ?? {},
            now: new Date(),
          },
        ),
      );
      // The last owner of an organisation others are in hands it over first, as on the server.
      for (const events of Object.values(state.orgEvents ?? {})) ruled(() => checkDeparture(events.reduce(evolveOrg, initialOrg), user.id));
      for (const { space, heirs } of mine) {
        const heir = heirs.find((h) => h.member_id === body.hand_over?.[space.uuid]);
        const list = opts.spaces();
        if (!heir) list.splice(list.indexOf(space), 1);
        else {
          space.owner = { ...space.owner, id: heir.user_id!, name: heir.name ?? heir.email };
          space.members = space.members.filter((m) => m.member_id !== heir.member_id);
        }
      }
      for (const s of opts.spaces()) s.members = s.members.filter((m) => m.user_id !== user.id);
      state.threads = (state.threads ?? []).filter((t) => t.owner !== user.id);
      state.accounts = state.accounts.filter((a) => a.user.id !== user.id);
      state.signedInId = null;
      state.visitorId = crypto.randomUUID();
      opts.changed();
      return { status: 'deleting' as const };
    }),
  ];
}
