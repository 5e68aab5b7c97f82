// Every modal the seeds name, with its arguments. Modals of features that are not built yet open
// a plain notice naming the feature, never fake content.
import type { LoginModalArgs } from '../../features/auth/login-args';
import type { UploadFilesArgs } from '../../features/files/upload/upload-args';
import type { LossAversionArgs } from '../../features/sharing/loss-aversion-modal';
import type { RequestAccessArgs } from '../../features/sharing/request-access-modal';
import type { CheckSourcesArgs, CitationListArgs } from '../../features/sources/sources-args';
import type {
  CollectionCreateEditArgs,
  CollectionSelectArgs,
  SpaceContextArgs,
  SpaceCreateArgs,
  SpaceSettingsArgs,
} from '../../features/spaces/space-modal-args';
import type { UpsellModalArgs } from '../../features/upsells/upsell-args';
import type { MemoryKeyArgs, MemorySheetArgs } from '../../features/memories/memory-args';
import type { UpgradeModalArgs } from '../../features/billing/upgrade-modal';
import type { TaskModalArgs } from '../../features/tasks/task-args';
import type { ModalDefinition } from './types';

/** Arguments of the modals that take some; every other modal takes none. */
export interface ModalArgsMap {
  login: LoginModalArgs;
  requestAccess: RequestAccessArgs;
  lossAversion: LossAversionArgs;
  citationList: CitationListArgs;
  checkSources: CheckSourcesArgs;
  spaceCreate: SpaceCreateArgs;
  collectionCreateEdit: CollectionCreateEditArgs;
  spaceSettings: SpaceSettingsArgs;
  spaceContext: SpaceContextArgs;
  collectionSelect: CollectionSelectArgs;
  uploadFiles: UploadFilesArgs;
  spaceUploadFiles: UploadFilesArgs;
  upsell: UpsellModalArgs;
  announcementImage: UpsellModalArgs;
  upsellShortcut: UpsellModalArgs;
  deleteMemory: MemoryKeyArgs;
  memoryDetail: MemoryKeyArgs;
  memorySheet: MemorySheetArgs;
  upgrade: UpgradeModalArgs;
  taskShortcut: TaskModalArgs;
  financeAlert: TaskModalArgs;
  scheduledTask: TaskModalArgs;
}

const built = (load: ModalDefinition['load'], extra: Omit<ModalDefinition, 'load'> = {}): ModalDefinition => ({ load, ...extra });
const later = (title: string, feature: string, extra: Omit<ModalDefinition, 'load'> = {}): ModalDefinition => ({
  load: () => import('./placeholder-modal').then((m) => ({ default: m.placeholderModal(title, feature) })),
  ...extra,
});

export const modalRegistry = {
  login: built(() => import('../../features/auth/login-modal'), { size: 'sm' }),
  keyboardShortcutHelper: built(() => import('../../features/shortcuts/shortcuts-modal')),
  keyboardShortcutEditor: built(() => import('../../features/shortcuts/shortcut-editor-modal')),
  install: later('Install the app', 'the desktop app', { hiddenInInstallSidecar: true }),
  browserDownloadInstructions: later('Download the browser', 'the assistant browser', { hiddenInInstallSidecar: true }),
  pricing: later('Pricing', 'paid tiers'),
  collectionSelect: built(() => import('../../features/spaces/collection-select-modal'), { size: 'sm' }),
  collectionCreateEdit: built(() => import('../../features/spaces/space-form-modal')),
  spaceCreate: built(() => import('../../features/spaces/space-form-modal')),
  spaceSettings: built(() => import('../../features/spaces/space-settings-modal')),
  spaceVideo: later('Space video', 'Spaces'),
  uploadFiles: built(() => import('../../features/files/upload/upload-files-modal')),
  spaceUploadFiles: built(() => import('../../features/files/upload/upload-files-modal')),
  spaceContext: built(() => import('../../features/spaces/space-context-sheet'), { layout: 'sheet' }),
  requestAccess: built(() => import('../../features/sharing/request-access-modal'), { size: 'sm' }),
  map: later('Map', 'the answer engine'),
  inputPayment: later('Payment', 'paid tiers'),
  shoppingPayment: later('Payment', 'shopping'),
  companyDataPrivacy: later('Company data privacy', 'Enterprise'),
  citationList: built(() => import('../../features/sources/citation-list-modal')),
  checkSources: built(() => import('../../features/sources/check-sources-sheet'), { layout: 'sheet' }),
  onboarding: later('Welcome', 'onboarding'),
  lossAversion: built(() => import('../../features/sharing/loss-aversion-modal'), { size: 'sm' }),
  shoppingOnboarding: later('Shopping', 'shopping'),
  shoppingOrderDetails: later('Order details', 'shopping'),
  purchaseConfirmation: later('Purchase confirmation', 'shopping'),
  watchlist: later('Watchlist', 'the watchlist'),
  locationPermission: later('Location', 'local answers'),
  reservationDetails: later('Reservation details', 'bookings'),
  username: later('Username', 'profiles'),
  fullName: later('Full name', 'profiles'),
  deleteMemory: built(() => import('../../features/memories/delete-memory-modal'), { size: 'sm' }),
  deleteAllMemories: built(() => import('../../features/memories/delete-all-memories-modal'), { size: 'sm' }),
  voiceToVoice: later('Voice mode', 'voice'),
  hotelRoomDetails: later('Room details', 'bookings'),
  memoryList: built(() => import('../../features/memories/memory-list-modal')),
  memoryDetail: built(() => import('../../features/memories/memory-detail-modal')),
  // The memory and library side sheet (seed 003 §2): a bottom sheet on a phone.
  memorySheet: built(() => import('../../features/memories/memory-sheet'), { layout: 'sheet' }),
  thirdPartyPersonalization: later('Personalization', 'payments personalization'),
  proSubscriptionPayment: later('Subscribe to Pro', 'paid tiers'),
  proReferral: later('Refer a friend', 'referrals'),
  proMessage: later('Pro', 'paid tiers'),
  freeTrial: later('Free trial', 'paid tiers'),
  memorySearchHistory: later('Search history', 'memories'),
  memorySearchHistoryIntro: later('Search history', 'memories'),
  gmailFailedPermissions: later('Gmail permissions', 'connectors'),
  subscriptionSuccess: later('Subscription', 'paid tiers'),
  referralError: later('Referral', 'referrals'),
  referralSuccess: later('Referral', 'referrals'),
  incentivePro: later('Pro', 'paid tiers'),
  braintreeSubscription: later('Subscription', 'paid tiers'),
  studentVerificationRedirect: later('Student verification', 'student plans'),
  // 'Confirm changes' is 416 px wide (seed 002 §2).
  upgrade: built(() => import('../../features/billing/upgrade-modal'), { size: 'upgrade' }),
  downgrade: built(() => import('../../features/billing/downgrade-modal'), { size: 'sm' }),
  restaurantBooking: later('Book a table', 'bookings'),
  bugReport: later('Report a bug', 'the bug-report tool'),
  enterprisePremiumSecureUpgrade: later('Enterprise Premium', 'Enterprise'),
  taskShortcut: built(() => import('../../features/tasks/task-shortcut-modal')),
  financeAlert: built(() => import('../../features/tasks/finance-alert-modal')),
  scheduledTask: built(() => import('../../features/tasks/scheduled-task-modal')),
  automation: later('Automation', 'tasks'),
  platformOptions: later('Platform options', 'the desktop app', { hiddenInInstallSidecar: true }),
  sharepointSite: later('SharePoint site', 'connectors'),
  avatarManagement: later('Your avatar photo', 'virtual try-on'),
  shoppingTryOnOnboarding: later('Try on', 'virtual try-on'),
  announcementImage: built(() => import('../../features/upsells/image-announcement-modal')),
  studentReferrals: later('Student referrals', 'student plans'),
  studentVerification: built(() => import('../../features/upsells/student-verification-modal'), { size: 'sm' }),
  meetingDefaults: later('Meeting defaults', 'connectors'),
  availability: later('Availability', 'connectors'),
  mcpServer: later('MCP server', 'connectors'),
  mcpServiceTools: later('MCP tools', 'connectors'),
  memberSetTier: later('Member tier', 'Enterprise'),
  connectorsEnable: later('Connect an app', 'connectors'),
  place: later('Place', 'local answers'),
  upsell: built(() => import('../../features/upsells/upsell-modal'), { size: 'sm' }),
  upsellShortcut: built(() => import('../../features/upsells/shortcut-modal')),
} satisfies Record<string, ModalDefinition>;

export type ModalName = keyof typeof modalRegistry;
export type ModalArgs<N extends ModalName> = N extends keyof ModalArgsMap ? ModalArgsMap[N] : Record<string, never>;
export type ModalRegistry = Record<ModalName, ModalDefinition>;
