// The organisation area in the mock API: each organisation is its list of events, folded and
// decided by the server's own rules (services/orgs/decide.ts), so roles, the last owner and
// every refusal answer as the server does. The mock mails nothing: the members list shows an
// invitation's id to owners and admins, and the invitee accepts it by that id.
import {
  getAcceptOrgInvitationMockHandler,
  getChangeOrgMemberRoleMockHandler,
  getCreateOrganizationMockHandler,
  getGetOrganizationMockHandler,
  getGetOrgInsightsMockHandler,
  getGetOrgInvitationMockHandler,
  getGetOrgPermissionsMockHandler,
  getGetOrgUserAccessMockHandler,
  getInviteOrgMemberMockHandler,
  getLeaveOrganizationMockHandler,
  getListOrgMembersMockHandler,
  getRemoveOrgMemberMockHandler,
  getResendOrgInvitationMockHandler,
  getRevokeOrgInvitationMockHandler,
  getUpdateOrganizationMockHandler,
  getUpdateOrgPermissionsMockHandler,
  getUpdateOrgUserAccessMockHandler,
  getGetOrgSsoMockHandler,
  getClaimOrgSsoDomainMockHandler,
  getVerifyOrgSsoDomainMockHandler,
  getConfigureOrgSsoMockHandler,
  getRemoveOrgSsoMockHandler,
} from '../generated/msw/organizations/organizations.msw';
import { getSignInSsoMockHandler } from '../generated/msw/auth/auth.msw';
import type {
  CreateOrganizationRequest,
  OrgDetails,
  OrgDetailsUpdate,
  OrgInviteRequest,
  OrgMemberList,
  OrgPermissionsUpdate,
  OrgRoleUpdate,
  OrgUserAccess,
  OrgSso,
  OrgSsoDomainClaim,
  OrgSsoProviderUpdate,
} from '../generated/react-query/model';
import {
  decideAccept,
  decideCreate,
  decideDetails,
  decideInvite,
  decideLeave,
  decidePermissions,
  decideRemove,
  decideResend,
  decideRevoke,
  decideRoleChange,
  decideSsoClaim,
  decideSsoConfigure,
  decideSsoRemove,
  decideSsoVerify,
  decideUserAccess,
  domainOfEmail,
  membershipOf,
  type OrgActor,
  orgErrors,
  orgSlug,
  ssoTxtName,
  ssoTxtValue,
} from '../services/orgs/pure';
import { evolveOrg, initialOrg, type OrgDetails as Details, type OrgEvent, type OrgState, type UserAccess } from '../services/orgs/events';
import type { MockOrg } from './files';
import { refuse, ruled } from './problem';
import { currentUser, type ScenarioState } from './scenarios';

/** The one model the mocks answer with (the offline model's name, as a server without an LLM). */
export const MOCK_MODELS = ['offline-extractive'];

type Stored = { type: string; data: unknown; at: string };

export function orgHandlers(opts: { state: () => ScenarioState; changed: () => void }) {
  const streams = () => (opts.state().orgEvents ??= {});
  const mockOrgs = () => (opts.state().orgs ??= []);

  /** An organisation's events; one saved before the mocks kept events starts from its MockOrg. */
  const eventsOf = (uuid: string): Stored[] => {
    const s = streams();
    if (!s[uuid]) {
      const org = mockOrgs().find((o) => o.uuid === uuid);
      const owner = org && opts.state().accounts.find((a) => a.user.id === org.admins[0]);
      if (!org || !owner) {
        s[uuid] = [];
        return s[uuid];
      }
      const at = '2026-01-01T00:00:00.000Z';
      s[uuid] = decideCreate(initialOrg, {
        org_uuid: uuid,
        name: org.name,
        slug: orgSlug(org.name),
        actor: { user_id: owner.user.id, email: owner.user.email, account_email: owner.user.email },
        member_id: `member-${owner.user.id}`,
        now: new Date(at),
      }).map((e) => ({ ...e, at }));
    }
    return s[uuid];
  };
  const stateOf = (uuid: string): OrgState => eventsOf(uuid).reduce(evolveOrg, initialOrg);

  const actor = (): OrgActor & { account_email: string; org_uuid: string | null } => {
    const user = currentUser(opts.state());
    if (!user) refuse(orgErrors.loginRequired());
    return { user_id: user.id, email: user.email_verified ? user.email.toLowerCase() : null, account_email: user.email, org_uuid: user.org_uuid };
  };

  /** Decides with the server's rules, records the events, and keeps accounts and the files mock's MockOrg in step. */
  const decide = (uuid: string, rule: (s: OrgState) => OrgEvent[]) => {
    const events = ruled(() => rule(stateOf(uuid)));
    const at = new Date().toISOString();
    eventsOf(uuid).push(...events.map((e) => ({ ...e, at })));
    project(uuid, events);
    opts.changed();
    return events;
  };

  const project = (uuid: string, events: OrgEvent[]) => {
    const state = stateOf(uuid);
    for (const e of events) {
      const account = (userId: string) => opts.state().accounts.find((a) => a.user.id === userId);
      if (e.type === 'OrgMemberJoined') {
        const a = account(e.data.user_id);
        if (a && !a.user.org_uuid) a.user.org_uuid = uuid;
      }
      if (e.type === 'OrgMemberRemoved' || e.type === 'OrgMemberLeft') {
        const a = account(e.data.user_id);
        if (a?.user.org_uuid === uuid) a.user.org_uuid = null;
      }
    }
    let org = mockOrgs().find((o) => o.uuid === uuid);
    if (!org) {
      org = { uuid, name: state.details!.name, admins: [], downloads_disabled: false } as MockOrg;
      mockOrgs().push(org);
    }
    org.name = state.details?.name ?? org.name;
    org.admins = Object.values(state.members)
      .filter((m) => m.role !== 'member')
      .map((m) => m.user_id);
  };

  const details = (uuid: string, me: OrgActor): OrgDetails => {
    const state = stateOf(uuid);
    const m = ruled(() => membershipOf(state, me));
    const d = state.details!;
    return {
      uuid,
      name: d.name,
      slug: (eventsOf(uuid)[0].data as { slug: string }).slug,
      logo_url: d.logo_url,
      email_domains: d.email_domains,
      default_thread_access: d.default_thread_access,
      my_role: m.role,
    };
  };

  const memberList = (uuid: string, me: OrgActor): OrgMemberList => {
    const state = stateOf(uuid);
    const m = ruled(() => membershipOf(state, me));
    const stored = eventsOf(uuid);
    const joinedAt = (memberId: string) =>
      stored.find(
        (e) =>
          (e.data as { member_id?: string; owner_member_id?: string }).member_id === memberId ||
          (e.data as { owner_member_id?: string }).owner_member_id === memberId,
      )?.at ?? stored[0].at;
    const invitedAt = (id: string) =>
      stored.find((e) => e.type === 'OrgMemberInvited' && (e.data as { invitation_id: string }).invitation_id === id)?.at ?? stored[0].at;
    const lastSentAt = (id: string) =>
      [...stored]
        .reverse()
        .find((e) => (e.type === 'OrgMemberInvited' || e.type === 'OrgInvitationResent') && (e.data as { invitation_id: string }).invitation_id === id)?.at ??
      stored[0].at;
    const name = (userId: string) => opts.state().accounts.find((a) => a.user.id === userId)?.user.name ?? null;
    return {
      my_role: m.role,
      members: Object.values(state.members).map((x) => ({
        member_id: x.member_id,
        user_id: x.user_id,
        email: x.email,
        name: name(x.user_id),
        role: x.role,
        joined_at: joinedAt(x.member_id),
      })),
      invitations:
        m.role === 'member'
          ? []
          : Object.values(state.invitations).map((i) => ({
              invitation_id: i.invitation_id,
              email: i.email,
              role: i.role,
              invited_at: invitedAt(i.invitation_id),
              last_sent_at: lastSentAt(i.invitation_id),
              expires_at: i.expires_at,
            })),
    };
  };

  const orgOfEmail = (email: string) => opts.state().accounts.find((a) => a.user.email.toLowerCase() === email.trim().toLowerCase())?.user.org_uuid ?? null;
  const permissions = (uuid: string) => ({ ...stateOf(uuid).permissions, downloads_disabled: !!mockOrgs().find((o) => o.uuid === uuid)?.downloads_disabled });
  const userAccess = (uuid: string): OrgUserAccess => ({ ...(stateOf(uuid).user_access as OrgUserAccess), models: MOCK_MODELS });

  // Single sign-on: the mock has no DNS and no provider. Its "DNS" has every claimed domain's
  // record (Verify works at once), configuring records the provider unchecked, and signing in
  // through it ends on the page that explains a failed sign-in, as there is no provider to go to.
  const ssoView = (uuid: string, requestUrl: string): OrgSso => {
    const sso = stateOf(uuid).sso;
    return {
      domain: sso?.domain ?? null,
      txt_name: sso ? ssoTxtName(sso.domain) : null,
      txt_value: sso ? ssoTxtValue(sso.token) : null,
      domain_verified: !!sso?.verified,
      issuer: sso?.provider?.issuer ?? null,
      client_id: sso?.provider?.client_id ?? null,
      client_secret_set: !!sso?.provider,
      redirect_uri: `${new URL(requestUrl).origin}/api/auth/sso/callback`,
      active: !!sso?.verified && !!sso.provider,
    };
  };
  const asManager = (uuid: string) => {
    const me = actor();
    const m = ruled(() => membershipOf(stateOf(uuid), me));
    if (m.role === 'member') refuse(orgErrors.notAdmin());
    return me;
  };
  const verifiedElsewhere = (domain: string, uuid: string) =>
    Object.keys(streams()).some((other) => other !== uuid && stateOf(other).sso?.domain === domain && stateOf(other).sso?.verified);
  const ssoHandlers = [
    getGetOrgSsoMockHandler(({ params, request }) => {
      asManager(String(params.orgUuid));
      return ssoView(String(params.orgUuid), request.url);
    }),
    getClaimOrgSsoDomainMockHandler(async ({ params, request }) => {
      const uuid = String(params.orgUuid);
      const me = actor();
      const { domain } = (await request.json()) as OrgSsoDomainClaim;
      const d = domain.trim().toLowerCase();
      decide(uuid, (s) =>
        decideSsoClaim(s, { actor: me, domain: d, token: crypto.randomUUID(), verifiedElsewhere: verifiedElsewhere(d, uuid), now: new Date() }),
      );
      return ssoView(uuid, request.url);
    }),
    getVerifyOrgSsoDomainMockHandler(({ params, request }) => {
      const uuid = String(params.orgUuid);
      const me = actor();
      const sso = stateOf(uuid).sso;
      const txtRecords = sso ? [ssoTxtValue(sso.token)] : [];
      decide(uuid, (s) => decideSsoVerify(s, { actor: me, txtRecords, verifiedElsewhere: !!sso && verifiedElsewhere(sso.domain, uuid), now: new Date() }));
      return ssoView(uuid, request.url);
    }),
    getConfigureOrgSsoMockHandler(async ({ params, request }) => {
      const uuid = String(params.orgUuid);
      const me = actor();
      const body = (await request.json()) as OrgSsoProviderUpdate;
      const sealed = body.client_secret ? 'mock-sealed-secret' : null;
      decide(uuid, (s) => decideSsoConfigure(s, { ...body, actor: me, client_secret_sealed: sealed, allowInsecure: false, now: new Date() }));
      return ssoView(uuid, request.url);
    }),
    getRemoveOrgSsoMockHandler(({ params, request }) => {
      const uuid = String(params.orgUuid);
      const me = actor();
      decide(uuid, (s) => decideSsoRemove(s, { actor: me, now: new Date() }));
      return ssoView(uuid, request.url);
    }),
    getSignInSsoMockHandler(async ({ request }) => {
      const { email } = (await request.json()) as { email: string };
      const domain = domainOfEmail(email);
      if (!domain) refuse(orgErrors.invalidEmail());
      const claims = Object.keys(streams())
        .map((uuid) => stateOf(uuid).sso)
        .filter((sso) => sso?.domain === domain);
      if (!claims.some((sso) => sso?.verified)) refuse(claims.length ? orgErrors.ssoDomainUnverified() : orgErrors.ssoNotConfigured());
      if (!claims.some((sso) => sso?.verified && sso.provider)) refuse(orgErrors.ssoNotConfigured());
      return { url: '/auth/error?error=sso_sign_in_failed' };
    }),
  ];

  return [
    ...ssoHandlers,
    getCreateOrganizationMockHandler(async ({ request }) => {
      const body = (await request.json()) as CreateOrganizationRequest;
      const me = actor();
      const slug = body.slug ?? orgSlug(body.name);
      if (Object.values(streams()).some((events) => (events[0]?.data as { slug?: string })?.slug === slug)) refuse(orgErrors.slugTaken());
      const uuid = crypto.randomUUID();
      decide(uuid, (s) => decideCreate(s, { org_uuid: uuid, name: body.name, slug, actor: me, member_id: crypto.randomUUID(), now: new Date() }));
      const a = opts.state().accounts.find((x) => x.user.id === me.user_id)!;
      a.user.org_uuid ??= uuid;
      opts.changed();
      return { uuid, name: stateOf(uuid).details!.name, slug };
    }),
    getGetOrganizationMockHandler(({ params }) => details(String(params.orgUuid), actor())),
    getUpdateOrganizationMockHandler(async ({ params, request }) => {
      const uuid = String(params.orgUuid);
      const me = actor();
      const changes = (await request.json()) as OrgDetailsUpdate;
      decide(uuid, (s) => decideDetails(s, { actor: me, changes: changes as Partial<Details>, now: new Date() }));
      return details(uuid, me);
    }),
    getListOrgMembersMockHandler(({ params }) => memberList(String(params.orgUuid), actor())),
    getInviteOrgMemberMockHandler(async ({ params, request }) => {
      const uuid = String(params.orgUuid);
      const me = actor();
      const body = (await request.json()) as OrgInviteRequest;
      const inviteeOrg = orgOfEmail(body.email);
      decide(uuid, (s) => decideInvite(s, { actor: me, email: body.email, role: body.role, invitation_id: crypto.randomUUID(), inviteeOrg, now: new Date() }));
      return memberList(uuid, me);
    }),
    getResendOrgInvitationMockHandler(({ params }) => {
      const uuid = String(params.orgUuid);
      const me = actor();
      decide(uuid, (s) => decideResend(s, { actor: me, invitation_id: String(params.invitationId), now: new Date() }));
      return memberList(uuid, me);
    }),
    getRevokeOrgInvitationMockHandler(({ params }) => {
      const uuid = String(params.orgUuid);
      const me = actor();
      decide(uuid, (s) => decideRevoke(s, { actor: me, invitation_id: String(params.invitationId), now: new Date() }));
      return memberList(uuid, me);
    }),
    getGetOrgInvitationMockHandler(({ params }) => {
      const uuid = String(params.orgUuid);
      const me = actor();
      const state = stateOf(uuid);
      const mine = Object.values(state.members).find((m) => m.user_id === me.user_id);
      const manager = mine?.role === 'owner' || mine?.role === 'admin';
      if (!manager && !me.email) refuse(orgErrors.emailNotVerified());
      const i = state.invitations[String(params.invitationId)];
      if (!i || (!manager && i.email !== me.email)) refuse(orgErrors.invitationNotFound());
      return { invitation_id: i.invitation_id, org_uuid: uuid, org_name: state.details!.name, email: i.email, role: i.role, expires_at: i.expires_at };
    }),
    getAcceptOrgInvitationMockHandler(({ params }) => {
      const uuid = String(params.orgUuid);
      const me = actor();
      if (!me.email) refuse(orgErrors.emailNotVerified());
      decide(uuid, (s) =>
        decideAccept(s, { actor: me, invitation_id: String(params.invitationId), member_id: crypto.randomUUID(), actorOrg: me.org_uuid, now: new Date() }),
      );
      return details(uuid, me);
    }),
    getChangeOrgMemberRoleMockHandler(async ({ params, request }) => {
      const uuid = String(params.orgUuid);
      const me = actor();
      const { role } = (await request.json()) as OrgRoleUpdate;
      decide(uuid, (s) => decideRoleChange(s, { actor: me, member_id: String(params.memberId), role, now: new Date() }));
      return memberList(uuid, me);
    }),
    getRemoveOrgMemberMockHandler(({ params }) => {
      const uuid = String(params.orgUuid);
      const me = actor();
      const events = decide(uuid, (s) => decideRemove(s, { actor: me, member_id: String(params.memberId), now: new Date() }));
      if (events.some((e) => e.type === 'OrgMemberLeft')) return { members: [], invitations: [], my_role: 'member' };
      return memberList(uuid, me);
    }),
    getLeaveOrganizationMockHandler(({ params }) => {
      const me = actor();
      decide(String(params.orgUuid), (s) => decideLeave(s, { actor: me, now: new Date() }));
    }),
    getGetOrgPermissionsMockHandler(({ params }) => {
      const uuid = String(params.orgUuid);
      ruled(() => membershipOf(stateOf(uuid), actor()));
      return permissions(uuid);
    }),
    getUpdateOrgPermissionsMockHandler(async ({ params, request }) => {
      const uuid = String(params.orgUuid);
      const me = actor();
      const { downloads_disabled, ...changes } = (await request.json()) as OrgPermissionsUpdate;
      decide(uuid, (s) => decidePermissions(s, { actor: me, changes, now: new Date() }));
      if (downloads_disabled !== undefined) {
        const org = mockOrgs().find((o) => o.uuid === uuid);
        if (org) org.downloads_disabled = downloads_disabled;
        opts.changed();
      }
      return permissions(uuid);
    }),
    // The mocks keep no activity: every day of the period is zeros, as a new organisation's.
    getGetOrgInsightsMockHandler(({ params, request }) => {
      const uuid = String(params.orgUuid);
      const m = ruled(() => membershipOf(stateOf(uuid), actor()));
      if (m.role === 'member') refuse(orgErrors.notAdmin());
      const days = Number(new URL(request.url).searchParams.get('days') ?? 30) as 7 | 30 | 90;
      const now = Date.now();
      const series = Array.from({ length: days }, (_, i) => ({
        day: new Date(now - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10),
        questions: 0,
        active_members: 0,
        files_indexed: 0,
        failed_citation_answers: 0,
      }));
      return { days, series, totals: { questions: 0, active_members: 0, files_indexed: 0, failed_citation_answers: 0 }, top_spaces: [] };
    }),
    getGetOrgUserAccessMockHandler(({ params }) => {
      const uuid = String(params.orgUuid);
      ruled(() => membershipOf(stateOf(uuid), actor()));
      return userAccess(uuid);
    }),
    getUpdateOrgUserAccessMockHandler(async ({ params, request }) => {
      const uuid = String(params.orgUuid);
      const me = actor();
      const body = (await request.json()) as OrgUserAccess;
      const user_access = { roles: body.roles, people: body.people } as UserAccess;
      decide(uuid, (s) => decideUserAccess(s, { actor: me, user_access, models: MOCK_MODELS, now: new Date() }));
      return userAccess(uuid);
    }),
  ];
}
