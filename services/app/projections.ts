// Every inline projection, in one list: the event store applies them on append and
// `make rebuild-projections` replays the log through them.
import { bookmarksProjection } from '../bookmarks/projections.js';
import { accountsProjection, visitorClaimsProjection } from '../identity/projections.js';
import { mailOutboxProjection } from '../mail/projections.js';
import { guideFeed } from '../answers/guide.js';
import { filePassageFeed } from '../files/file-passages.js';
import { passagesProjection } from '../passages/index.js';
import { linkPassageFeed } from '../spaces/links/passage-feed.js';
import { spacesProjection } from '../spaces/projections.js';
import { threadsProjection } from '../threads/projections.js';
import { threadSharingProjection } from '../threads/sharing-projection.js';
import { filesProjection } from '../files/projections.js';
import { imageUploadsProjection } from '../files/images/projection.js';
import { accountSettingsProjection } from '../settings/projections.js';
import { dataExportsProjection } from '../rights/projections.js';
import { orgsProjection } from '../orgs/projections.js';
import { betterAuthOrgsProjection } from '../identity/organization-projection.js';
import { browserInvitesProjection } from '../browser/projections.js';
import { upsellMarksProjection } from '../upsells/index.js';
import { subscriptionsProjection } from '../billing/projections.js';
import { memoriesProjection } from '../memories/index.js';
import { priceAlertStatesProjection } from '../market/index.js';
import { notificationsProjection } from '../notifications/index.js';
import { tasksProjection } from '../tasks/index.js';

export const projections = [
  accountsProjection,
  visitorClaimsProjection,
  mailOutboxProjection,
  threadsProjection,
  threadSharingProjection,
  bookmarksProjection,
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
  priceAlertStatesProjection,
  notificationsProjection,
  tasksProjection,
  // The passage index, fed by the guide, files and Space links.
  passagesProjection([guideFeed, filePassageFeed, linkPassageFeed]),
];
