// Every inline projection, in one list: the event store applies them on append and
// `make rebuild-projections` replays the log through them.
import { articleSocialProjection } from '../articles/index.js';
import { bookmarksProjection } from '../bookmarks/index.js';
import { accountsProjection, betterAuthOrgsProjection, visitorClaimsProjection } from '../identity/index.js';
import { mailOutboxProjection } from '../mail/index.js';
import { guideFeed } from '../answers/index.js';
import { filePassageFeed, filesProjection, imageUploadsProjection } from '../files/index.js';
import { passagesProjection } from '../passages/index.js';
import { linkPassageFeed, spacesProjection } from '../spaces/index.js';
import { threadSharingProjection, threadsProjection } from '../threads/index.js';
import { accountSettingsProjection } from '../settings/index.js';
import { dataExportsProjection } from '../rights/index.js';
import { orgsProjection } from '../orgs/index.js';
import { browserInvitesProjection } from '../browser/index.js';
import { upsellMarksProjection } from '../upsells/index.js';
import { subscriptionsProjection } from '../billing/index.js';
import { memoriesProjection } from '../memories/index.js';
import { toolsProjection } from '../tools/index.js';
import { connectorDocumentsProjection, connectorItemsProjection, connectorsProjection, documentPassageFeed } from '../connectors/index.js';
import { priceAlertStatesProjection } from '../market/index.js';
import { watchlistItemsProjection } from '../watchlist/index.js';
import { studentVerificationsProjection } from '../students/index.js';
import { notificationsProjection } from '../notifications/index.js';
import { tasksProjection } from '../tasks/index.js';
import { apiKeysProjection } from '../apikeys/index.js';
import { agentProjection } from '../agent/index.js';
import { researchProjection } from '../research/index.js';
import { shoppingOrdersProjection } from '../shopping/index.js';
import { tryOnProjection } from '../shopping/index.js';
import { cartsProjection } from '../shopping/index.js';
import { catalogueProjection } from '../shopping/index.js';
import { placesProjection } from '../places/index.js';

/** The passage index, fed by the guide, files, Space links and app connections' documents. */
export const passageIndexProjection = passagesProjection([guideFeed, filePassageFeed, linkPassageFeed, documentPassageFeed]);

export const projections = [
  accountsProjection,
  visitorClaimsProjection,
  mailOutboxProjection,
  threadsProjection,
  threadSharingProjection,
  bookmarksProjection,
  articleSocialProjection,
  spacesProjection,
  filesProjection,
  imageUploadsProjection,
  accountSettingsProjection,
  dataExportsProjection,
  orgsProjection,
  betterAuthOrgsProjection,
  browserInvitesProjection,
  upsellMarksProjection,
  subscriptionsProjection,
  memoriesProjection,
  toolsProjection,
  connectorsProjection,
  connectorItemsProjection,
  connectorDocumentsProjection,
  priceAlertStatesProjection,
  watchlistItemsProjection,
  studentVerificationsProjection,
  notificationsProjection,
  tasksProjection,
  apiKeysProjection,
  agentProjection,
  researchProjection,
  shoppingOrdersProjection,
  cartsProjection,
  tryOnProjection,
  catalogueProjection,
  placesProjection,
  passageIndexProjection,
];
