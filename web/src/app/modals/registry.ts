// Each modal of the catalogue (platform/modals/catalogue.ts) with its component, loaded only when
// opened. Every modal is built: none opens a notice in place of its feature.
import type { ModalName } from '../../platform/modals/catalogue';
import type { ModalDefinition } from './definition';

const built = (load: ModalDefinition['load'], extra: Omit<ModalDefinition, 'load'> = {}): ModalDefinition => ({ load, ...extra });

export const modalRegistry = {
  login: built(() => import('../../features/auth/login-modal'), { size: 'sm' }),
  keyboardShortcutHelper: built(() => import('../../features/shortcuts/shortcuts-modal')),
  keyboardShortcutEditor: built(() => import('../../features/shortcuts/shortcut-editor-modal')),
  // Both tell how to add this server's browser extension (the agent's way into the person's tabs).
  install: built(() => import('../../features/agent/install-extension-modal'), { hiddenInInstallSidecar: true }),
  browserDownloadInstructions: built(
    () => import('../../features/agent/install-extension-modal').then((m) => ({ default: m.BrowserDownloadInstructionsModal })),
    { hiddenInInstallSidecar: true },
  ),
  pricing: built(() => import('../../features/billing/pricing-modal')),
  collectionSelect: built(() => import('../../features/spaces/collection-select-modal'), { size: 'sm' }),
  collectionCreateEdit: built(() => import('../../features/spaces/space-form-modal')),
  spaceCreate: built(() => import('../../features/spaces/space-form-modal')),
  spaceSettings: built(() => import('../../features/spaces/space-settings-modal')),
  spaceVideo: built(() => import('../../features/spaces/space-video-modal')),
  uploadFiles: built(() => import('../../features/files/upload/upload-files-modal')),
  spaceUploadFiles: built(() => import('../../features/files/upload/upload-files-modal')),
  spaceContext: built(() => import('../../features/spaces/space-context-sheet'), { layout: 'sheet' }),
  requestAccess: built(() => import('../../features/sharing/request-access-modal'), { size: 'sm' }),
  // Places (issue 36): an answer's places on a map, one place, the hand-overs to venues' own booking pages.
  map: built(() => import('../../features/places/map-modal'), { size: 'lg' }),
  inputPayment: built(() => import('../../features/billing/offered-instead-modals').then((m) => ({ default: m.InputPaymentModal })), { size: 'sm' }),
  shoppingPayment: built(() => import('../../features/shopping/orders/shopping-payment-modal')),
  companyDataPrivacy: built(() => import('../../features/orgs/org-modals').then((m) => ({ default: m.CompanyDataPrivacyModal }))),
  citationList: built(() => import('../../features/sources/citation-list-modal')),
  checkSources: built(() => import('../../features/sources/check-sources-sheet'), { layout: 'sheet' }),
  onboarding: built(() => import('../../features/onboarding/onboarding-modal')),
  lossAversion: built(() => import('../../features/sharing/loss-aversion-modal'), { size: 'sm' }),
  shoppingOnboarding: built(() => import('../../features/shopping/onboarding/shopping-onboarding-modal')),
  shoppingOrderDetails: built(() => import('../../features/shopping/orders/shopping-order-details-modal')),
  purchaseConfirmation: built(() => import('../../features/shopping/orders/purchase-confirmation-modal'), { size: 'sm' }),
  watchlist: built(() => import('../../features/watchlist/watchlist-modal')),
  locationPermission: built(() => import('../../features/places/location-permission-modal'), { size: 'sm' }),
  reservationDetails: built(() => import('../../features/places/reservation-details-modal')),
  username: built(() => import('../../features/account/username-modal'), { size: 'sm' }),
  fullName: built(() => import('../../features/account/full-name-modal'), { size: 'sm' }),
  deleteMemory: built(() => import('../../features/memories/delete-memory-modal'), { size: 'sm' }),
  deleteAllMemories: built(() => import('../../features/memories/delete-all-memories-modal'), { size: 'sm' }),
  voiceToVoice: built(() => import('../../features/voice/voice-mode-modal'), { size: 'sm' }),
  hotelRoomDetails: built(() => import('../../features/places/hotel-room-details-modal')),
  memoryList: built(() => import('../../features/memories/memory-list-modal')),
  memoryDetail: built(() => import('../../features/memories/memory-detail-modal')),
  // The memory and library side sheet (seed 003 §2): a bottom sheet on a phone.
  memorySheet: built(() => import('../../features/memories/memory-sheet'), { layout: 'sheet' }),
  thirdPartyPersonalization: built(() => import('../../features/billing/offered-instead-modals').then((m) => ({ default: m.ThirdPartyPersonalizationModal })), {
    size: 'sm',
  }),
  proSubscriptionPayment: built(() => import('../../features/billing/plan-offer-modals').then((m) => ({ default: m.ProSubscriptionPaymentModal }))),
  proReferral: built(() => import('../../features/billing/offered-instead-modals').then((m) => ({ default: m.ProReferralModal })), { size: 'sm' }),
  proMessage: built(() => import('../../features/billing/plan-offer-modals').then((m) => ({ default: m.ProMessageModal }))),
  freeTrial: built(() => import('../../features/billing/plan-offer-modals').then((m) => ({ default: m.FreeTrialModal }))),
  memorySearchHistory: built(() => import('../../features/memories/memory-search-history-modal').then((m) => ({ default: m.MemorySearchHistoryModal }))),
  memorySearchHistoryIntro: built(
    () => import('../../features/memories/memory-search-history-modal').then((m) => ({ default: m.MemorySearchHistoryIntroModal })),
    { size: 'sm' },
  ),
  gmailFailedPermissions: built(() => import('../../features/connectors/gmail-failed-permissions-modal'), { size: 'sm' }),
  subscriptionSuccess: built(() => import('../../features/billing/subscription-success-modal'), { size: 'sm' }),
  referralError: built(() => import('../../features/billing/offered-instead-modals').then((m) => ({ default: m.ReferralErrorModal })), { size: 'sm' }),
  referralSuccess: built(() => import('../../features/billing/offered-instead-modals').then((m) => ({ default: m.ReferralSuccessModal })), { size: 'sm' }),
  incentivePro: built(() => import('../../features/billing/offered-instead-modals').then((m) => ({ default: m.IncentiveProModal })), { size: 'sm' }),
  braintreeSubscription: built(() => import('../../features/billing/offered-instead-modals').then((m) => ({ default: m.BraintreeSubscriptionModal })), {
    size: 'sm',
  }),
  // Where the code's mailed link lands: enters the code, then shows the student offer.
  studentVerificationRedirect: built(() => import('../../features/students/student-verification-redirect-modal'), { size: 'sm' }),
  // 'Confirm changes' is 416 px wide (seed 002 §2).
  upgrade: built(() => import('../../features/billing/upgrade-modal'), { size: 'upgrade' }),
  downgrade: built(() => import('../../features/billing/downgrade-modal'), { size: 'sm' }),
  restaurantBooking: built(() => import('../../features/places/restaurant-booking-modal')),
  bugReport: built(() => import('../../features/bug-report/bug-report-modal')),
  enterprisePremiumSecureUpgrade: built(
    () => import('../../features/billing/offered-instead-modals').then((m) => ({ default: m.EnterprisePremiumSecureUpgradeModal })),
    { size: 'sm' },
  ),
  taskShortcut: built(() => import('../../features/tasks/task-shortcut-modal')),
  financeAlert: built(() => import('../../features/tasks/finance-alert-modal')),
  scheduledTask: built(() => import('../../features/tasks/scheduled-task-modal')),
  automation: built(() => import('../../features/tasks/automation-modal')),
  // What this server offers (the web app and the browser extension) and, plainly, what it does not.
  platformOptions: built(() => import('../../features/agent/platform-options-modal'), { hiddenInInstallSidecar: true }),
  sharepointSite: built(() => import('../../features/connectors/sharepoint-site-modal')),
  avatarManagement: built(() => import('../../features/shopping/try-on/avatar-management-modal')),
  shoppingTryOnOnboarding: built(() => import('../../features/shopping/try-on/try-on-onboarding-modal')),
  announcementImage: built(() => import('../../features/upsells/image-announcement-modal')),
  studentReferrals: built(() => import('../../features/billing/offered-instead-modals').then((m) => ({ default: m.StudentReferralsModal })), { size: 'sm' }),
  studentVerification: built(() => import('../../features/students/student-verification-modal'), { size: 'sm' }),
  // Both read the calendar through the calendar connector, or offer to connect it.
  meetingDefaults: built(() => import('../../features/calendar/meeting-defaults-modal')),
  availability: built(() => import('../../features/calendar/availability-modal')),
  mcpServer: built(() => import('../../features/mcp/mcp-server-modal')),
  mcpServiceTools: built(() => import('../../features/mcp/mcp-tools-modal')),
  memberSetTier: built(() => import('../../features/orgs/org-modals').then((m) => ({ default: m.MemberSetTierModal })), { size: 'sm' }),
  connectorsEnable: built(() => import('../../features/connectors/connectors-enable-modal'), { size: 'sm' }),
  googleExtraPermissions: built(() => import('../../features/connectors/google-permissions-modal'), { size: 'sm' }),
  connectorPicker: built(() => import('../../features/connectors/connector-picker-modal')),
  place: built(() => import('../../features/places/place-modal')),
  upsell: built(() => import('../../features/upsells/upsell-modal'), { size: 'sm' }),
  upsellShortcut: built(() => import('../../features/upsells/shortcut-modal')),
} satisfies Record<ModalName, ModalDefinition>;

export type ModalRegistry = Record<ModalName, ModalDefinition>;
