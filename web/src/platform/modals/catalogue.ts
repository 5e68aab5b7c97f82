// Every modal the seeds name, with the arguments it takes: what `useModals().open` accepts. The
// arguments come from the features' *-args.ts files, plain types that import nothing of the web
// app; the shell's registry (app/modals/registry.ts) gives each modal its component, lazily.
import type { LoginModalArgs } from '../../features/auth/login-args';
import type { ConnectorPickerArgs, ConnectorsEnableArgs, GooglePermissionsArgs, SharepointSiteArgs } from '../../features/connectors/connectors-args';
import type { UpgradeModalArgs } from '../../features/billing/upgrade-args';
import type { UploadFilesArgs } from '../../features/files/upload/upload-args';
import type { MemoryKeyArgs, MemorySheetArgs } from '../../features/memories/memory-args';
import type { LossAversionArgs, RequestAccessArgs } from '../../features/sharing/sharing-args';
import type { CheckSourcesArgs, CitationListArgs } from '../../features/sources/sources-args';
import type {
  CollectionCreateEditArgs,
  CollectionSelectArgs,
  SpaceContextArgs,
  SpaceCreateArgs,
  SpaceSettingsArgs,
} from '../../features/spaces/space-modal-args';
import type { TaskModalArgs } from '../../features/tasks/task-args';
import type { McpServerArgs, McpServiceToolsArgs } from '../../features/mcp/mcp-args';
import type { UpsellModalArgs } from '../../features/upsells/upsell-args';
import type { WatchlistModalArgs } from '../../features/watchlist/watchlist-args';
import type { StudentVerificationRedirectArgs } from '../../features/students/student-args';
import type { ShoppingOrderArgs, ShoppingPaymentArgs } from '../../features/shopping/orders/shopping-args';
import type { BookingModalArgs, MapModalArgs, PlaceModalArgs, ReservationDetailsArgs } from '../../features/places/places-args';

/** A modal that takes no arguments. */
type NoArgs = Record<string, never>;

export interface ModalCatalogue {
  login: LoginModalArgs;
  keyboardShortcutHelper: NoArgs;
  keyboardShortcutEditor: NoArgs;
  install: NoArgs;
  browserDownloadInstructions: NoArgs;
  pricing: NoArgs;
  collectionSelect: CollectionSelectArgs;
  collectionCreateEdit: CollectionCreateEditArgs;
  spaceCreate: SpaceCreateArgs;
  spaceSettings: SpaceSettingsArgs;
  spaceVideo: NoArgs;
  uploadFiles: UploadFilesArgs;
  spaceUploadFiles: UploadFilesArgs;
  spaceContext: SpaceContextArgs;
  requestAccess: RequestAccessArgs;
  map: MapModalArgs;
  inputPayment: NoArgs;
  shoppingPayment: ShoppingPaymentArgs;
  companyDataPrivacy: NoArgs;
  citationList: CitationListArgs;
  checkSources: CheckSourcesArgs;
  onboarding: NoArgs;
  lossAversion: LossAversionArgs;
  shoppingOnboarding: NoArgs;
  shoppingOrderDetails: ShoppingOrderArgs;
  purchaseConfirmation: ShoppingOrderArgs;
  watchlist: WatchlistModalArgs;
  locationPermission: NoArgs;
  reservationDetails: ReservationDetailsArgs;
  username: NoArgs;
  fullName: NoArgs;
  deleteMemory: MemoryKeyArgs;
  deleteAllMemories: NoArgs;
  voiceToVoice: NoArgs;
  hotelRoomDetails: BookingModalArgs;
  memoryList: NoArgs;
  memoryDetail: MemoryKeyArgs;
  memorySheet: MemorySheetArgs;
  thirdPartyPersonalization: NoArgs;
  proSubscriptionPayment: NoArgs;
  proReferral: NoArgs;
  proMessage: NoArgs;
  freeTrial: NoArgs;
  memorySearchHistory: NoArgs;
  memorySearchHistoryIntro: NoArgs;
  gmailFailedPermissions: GooglePermissionsArgs;
  subscriptionSuccess: NoArgs;
  referralError: NoArgs;
  referralSuccess: NoArgs;
  incentivePro: NoArgs;
  braintreeSubscription: NoArgs;
  studentVerificationRedirect: StudentVerificationRedirectArgs;
  upgrade: UpgradeModalArgs;
  downgrade: NoArgs;
  restaurantBooking: BookingModalArgs;
  bugReport: NoArgs;
  enterprisePremiumSecureUpgrade: NoArgs;
  taskShortcut: TaskModalArgs;
  financeAlert: TaskModalArgs;
  scheduledTask: TaskModalArgs;
  automation: NoArgs;
  platformOptions: NoArgs;
  sharepointSite: SharepointSiteArgs;
  avatarManagement: NoArgs;
  shoppingTryOnOnboarding: NoArgs;
  announcementImage: UpsellModalArgs;
  studentReferrals: NoArgs;
  studentVerification: NoArgs;
  meetingDefaults: NoArgs;
  availability: NoArgs;
  mcpServer: McpServerArgs;
  mcpServiceTools: McpServiceToolsArgs;
  memberSetTier: NoArgs;
  connectorsEnable: ConnectorsEnableArgs;
  /** The seed's 'Google calendar and email extra-permission modal' (seed 001 §2). */
  googleExtraPermissions: GooglePermissionsArgs;
  /** Not a seed's name: the product's own picker over a connected file source. */
  connectorPicker: ConnectorPickerArgs;
  place: PlaceModalArgs;
  upsell: UpsellModalArgs;
  upsellShortcut: UpsellModalArgs;
}

export type ModalName = keyof ModalCatalogue;
export type ModalArgs<N extends ModalName> = ModalCatalogue[N];
