// What the organisations domain needs beyond the kernel: mail for invitations, the files
// domain's downloads setting and the titles of Spaces (files and spaces sit above orgs, so they
// are ports), and the configured models.
import type { IdentityContext } from '../identity/index.js';
import type { KernelContext } from '../shared/context.js';
import type { TxtResolver } from './sso-dns.js';
import type { HostLookup } from './sso-fetch.js';

export type OrgMail = { mail_id: string; user_id: string | null; to: string; subject: string; text: string };

/** Encryption with the server's key, one key per purpose (the SSO client secret, the sign-in flow cookie). */
export type SecretBox = { seal: (purpose: string, plain: string) => Promise<string>; open: (purpose: string, sealed: string) => Promise<string> };

export type OrgsContext = KernelContext &
  Pick<IdentityContext, 'auth' | 'sessions'> & {
    /** Single sign-on: TXT lookups (DNS, or a test's file), outbound checks, sealing secrets. */
    sso: { resolveTxt: TxtResolver; allowPrivateIssuers: boolean; lookup?: HostLookup; box: SecretBox };
    /** Queues an account mail (delivered by workflows/account-mail.ts, as verification links are). */
    orgMail: (mail: OrgMail) => Promise<void>;
    /** The organisation's "downloads disabled" setting, kept by the files domain. */
    orgFileSettings: {
      downloadsDisabled: (orgUuid: string) => Promise<boolean>;
      setDownloadsDisabled: (cmd: { org_uuid: string; downloads_disabled: boolean; changed_by: string; now: Date }) => Promise<void>;
    };
    /** The titles of these Spaces, by uuid (spaces sits above orgs): the insights name their top Spaces. */
    spaceTitles: (uuids: string[]) => Promise<Map<string, string>>;
    /** The answer models this server can use, by name. */
    answerModels: () => string[];
    /** Forgets the remembered session users (identity's session-ids.ts): their organisation changed. */
    forgetSessions: () => void;
  };
