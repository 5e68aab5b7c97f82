// What the organisations domain needs beyond the kernel: mail for invitations, the files
// domain's downloads setting (files sits above orgs, so it is a port), and the configured models.
import type { KernelContext } from '../shared/context.js';

export type OrgMail = { mail_id: string; user_id: string | null; to: string; subject: string; text: string };

export type OrgsContext = KernelContext & {
  /** Queues an account mail (delivered by workflows/account-mail.ts, as verification links are). */
  orgMail: (mail: OrgMail) => Promise<void>;
  /** The organisation's "downloads disabled" setting, kept by the files domain. */
  orgFileSettings: {
    downloadsDisabled: (orgUuid: string) => Promise<boolean>;
    setDownloadsDisabled: (cmd: { org_uuid: string; downloads_disabled: boolean; changed_by: string; now: Date }) => Promise<void>;
  };
  /** The answer models this server can use, by name. */
  answerModels: () => string[];
  /** Forgets the remembered session users (identity's session-ids.ts): their organisation changed. */
  forgetSessions: () => void;
};
