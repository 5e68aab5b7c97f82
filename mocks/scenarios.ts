// Stateful mock scenarios: a signed-in user or an anonymous visitor. Signing in, up and out
// change the scenario's state, so the UI behaves as against the real server.
// The state's parts whose handlers read the scenario (memories.ts, tasks.ts, …) are typed here,
// so this module imports none of them back.
import type { MockShopping } from './shopping-catalogue';
import type { PlacesEvent } from '../services/places/events';
import type { ConnectionEvent } from '../services/connectors/events';
import type { Notification, NotificationPreferences, Place, SessionUser } from '../generated/react-query/model';
import type { MemoryEvent } from '../services/memories/events';
import type { TryOnEvent } from '../services/shopping/events';
import type { AccountSettingsState } from '../services/settings/events';
import type { TaskEvent } from '../services/tasks/events';
import type { UpsellMarks } from '../services/upsells/events';
import type { MockFile, MockOrg } from './files';
import type { MockSpace } from './spaces';
import type { MockThread } from './mock-thread';
import type { WatchlistEvent } from '../services/watchlist/events';
import type { StudentEvent } from '../services/students/events';

export const SCENARIOS = ['anonymous', 'signed-in', 'enterprise'] as const;
export type ScenarioName = (typeof SCENARIOS)[number];

/** A second factor (mocks/two-factor.ts). */
export type MockTwoFactor = { secret: string; enabled: boolean; backupCodes: string[] };
/** Each account's memory events (mocks/memories.ts), by user id. */
export type MockMemories = Record<string, MemoryEvent[]>;
/** One account's notifications, preferences and push endpoints (mocks/notifications.ts). */
export type MockNotifications = { preferences: NotificationPreferences; notifications: Notification[]; endpoints: string[] };
/** Each task's events (mocks/tasks.ts), by task id. */
export type MockTasks = Record<string, TaskEvent[]>;
/** One account's settings in the scenario, with when each site's instructions were saved (mocks/account-settings.ts). */
export type MockAccountSettings = AccountSettingsState & { siteTimes: Record<string, string> };
/** The assistant browser's invite codes, claims and download mails (mocks/assistant-browser.ts). */
export type MockBrowserInvite = { code: string; max_uses: number; uses: number; issued_at: string; claimers: string[] };
export type MockBrowserState = {
  invites: MockBrowserInvite[];
  claims: { user_id: string; code: string; claimed_at: string }[];
  mails: { to: string; at: string }[];
};

/** `pending_email`: an address change asked for and not yet confirmed by its link. */
export type MockAccount = { user: SessionUser; password: string; pending_email?: string; twoFactor?: MockTwoFactor };
/** A visitor id whose threads an account took over at sign-up (the server's VisitorClaimed). */
/** The subscription part of a session user on the free plan (billing off in the mocks). */
export const FREE_PLAN_FIELDS = {
  subscription_source: 'stripe',
  subscription_plan: 'free',
  capabilities: { unlimitedProSearch: false, maxModelSelection: false, unlimitedResearch: false, fileUpload: true },
  isGovernmentRequestOrigin: false,
} as const satisfies Partial<SessionUser>;

export type VisitorClaim = { visitor_id: string; user_id: string; claimed_at: string };
/** `spaces`, `files` and `orgs` are optional so a state saved before they existed still loads. */
export type ScenarioState = {
  visitorId: string;
  signedInId: string | null;
  accounts: MockAccount[];
  threads: MockThread[];
  spaces?: MockSpace[];
  files?: MockFile[];
  orgs?: MockOrg[];
  /** Each organisation's events (mocks/orgs.ts), by its uuid. */
  orgEvents?: Record<string, { type: string; data: unknown; at: string }[]>;
  claims?: VisitorClaim[];
  /** Each account's own settings (mocks/account-settings.ts), by user id. */
  accountSettings?: Record<string, MockAccountSettings>;
  /** Each caller's upsell marks (mocks/upsells.ts), by `user:<id>` or `visitor:<id>`. */
  upsellMarks?: Record<string, UpsellMarks>;
  /** Each answer entry's product cards (mocks/shopping-catalogue.ts). */
  shopping?: MockShopping;
  /** Each answer entry's places and each account's reservation records (mocks/places.ts). */
  places?: { entryPlaces?: Record<string, Place[]>; reservations?: Record<string, PlacesEvent[]> };
  /** Whose password was right at sign-in while the second factor is still asked for. */
  twoFactorPendingId?: string | null;
  /** The assistant browser's invite codes, claims and download mails (mocks/assistant-browser.ts). */
  browser?: MockBrowserState;
  /** Each account's memory events (mocks/memories.ts), by user id. */
  memories?: MockMemories;
  /** Each account's try-on events (mocks/try-on.ts), by user id. */
  tryOn?: Record<string, TryOnEvent[]>;
  /** Each account's notifications, preferences and push endpoints (mocks/notifications.ts), by user id. */
  notifications?: Record<string, MockNotifications>;
  /** Each task's events (mocks/tasks.ts), by task id. */
  tasks?: MockTasks;
  /** Each account's watchlist events (mocks/watchlist.ts), by user id. */
  watchlist?: Record<string, WatchlistEvent[]>;
  /** Each account's student verification events (mocks/students.ts), by user id. */
  students?: Record<string, StudentEvent[]>;
  /** Each connection's events (mocks/connectors.ts), by connection uuid. */
  connections?: Record<string, ConnectionEvent[]>;
  /** The scope the mock provider grants a connector (as a person unticking a box at Google would); everything asked when absent. */
  connectorGrantedScopes?: Record<string, string>;
  /** The items connections synced (mocks/connectors.ts). */
  connectorItems?: {
    uuid: string;
    connection_uuid: string;
    connection_type: string;
    name: string;
    type: 'FILE' | 'FOLDER';
    parent_uuids: string[];
    picked: boolean;
    repository: string;
    updated: string;
  }[];
};

/** The account every scenario knows; the signed-in scenario starts signed in as it. */
export const DEMO_ACCOUNT = { id: 'user-ada', name: 'Ada Lovelace', email: 'ada@example.com', password: 'correct-horse-battery' } as const;

const demo = (): MockAccount => ({
  user: {
    id: DEMO_ACCOUNT.id,
    name: DEMO_ACCOUNT.name,
    email: DEMO_ACCOUNT.email,
    email_verified: true,
    org_uuid: null,
    subscription_status: 'none',
    ...FREE_PLAN_FIELDS,
  },
  password: DEMO_ACCOUNT.password,
});

/** An Enterprise member (and admin of their organisation), for organisation files; the enterprise scenario starts signed in as them. */
export const ENTERPRISE_ACCOUNT = {
  id: 'user-grace',
  name: 'Grace Hopper',
  email: 'grace@enterprise.example',
  password: 'cobol-is-forever',
  org_uuid: 'org-navy',
} as const;
export const DEMO_ORG = { uuid: ENTERPRISE_ACCOUNT.org_uuid, name: 'Navy Labs' } as const;

const enterprise = (): MockAccount => ({
  user: {
    id: ENTERPRISE_ACCOUNT.id,
    name: ENTERPRISE_ACCOUNT.name,
    email: ENTERPRISE_ACCOUNT.email,
    email_verified: true,
    org_uuid: ENTERPRISE_ACCOUNT.org_uuid,
    subscription_status: 'none',
    ...FREE_PLAN_FIELDS,
  },
  password: ENTERPRISE_ACCOUNT.password,
});

const signedInAs: Record<ScenarioName, string | null> = { anonymous: null, 'signed-in': DEMO_ACCOUNT.id, enterprise: ENTERPRISE_ACCOUNT.id };

export function initialState(name: ScenarioName): ScenarioState {
  return {
    visitorId: '00000000-0000-4000-8000-000000000001',
    signedInId: signedInAs[name],
    accounts: [demo(), enterprise()],
    threads: [],
    spaces: [],
    files: name === 'enterprise' ? demoOrgFiles() : [],
    orgs: [{ ...DEMO_ORG, admins: [ENTERPRISE_ACCOUNT.id], downloads_disabled: false }],
  };
}

/** Two indexed files of the demo organisation, so its files page has something to show. */
function demoOrgFiles(): MockFile[] {
  const at = '2026-01-05T09:00:00.000Z';
  const file = (file_uuid: string, filename: string, file_type: string, content_type: string, file_size: number): MockFile => ({
    file_uuid,
    filename,
    file_s3_url: `/storage/mock-bucket/org/${DEMO_ORG.uuid}/${file_uuid}/${filename}`,
    file_title: filename,
    file_description: `The first words of ${filename}.`,
    uploaded_by: ENTERPRISE_ACCOUNT.email,
    file_state: 'COMPLETE',
    file_size,
    content_type,
    file_type,
    is_attachment: false,
    page_count: file_type === 'pdf' ? 3 : null,
    time_created: at,
    updated_at: at,
    error: null,
    file_repository_info: { file_repository_type: 'ORG', owner_id: DEMO_ORG.uuid },
  });
  return [
    file('7b1f0c52-4d0e-4d8a-9a51-000000000001', 'Security handbook.pdf', 'pdf', 'application/pdf', 482_133),
    file('7b1f0c52-4d0e-4d8a-9a51-000000000002', 'Onboarding checklist.md', 'md', 'text/markdown', 3_210),
  ];
}

export const isScenario = (v: unknown): v is ScenarioName => SCENARIOS.includes(v as ScenarioName);

export const currentUser = (s: ScenarioState) => s.accounts.find((a) => a.user.id === s.signedInId)?.user ?? null;

export const findAccount = (s: ScenarioState, email: string) => s.accounts.find((a) => a.user.email.toLowerCase() === email.trim().toLowerCase());
