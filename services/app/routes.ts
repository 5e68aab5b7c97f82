// Every operation of the spec, keyed by operationId. The contract test checks both ways.
import { answerRoutes } from '../answers/index.js';
import { articleRoutes } from '../articles/index.js';
import { collectionRoutes, deleteSpaceRoutes } from '../bookmarks/index.js';
import { accountRoutes, adminRoutes, avatarRoutes, identityRoutes, passwordRoutes, sessionRoutes, socialRoutes, twoFactorRoutes } from '../identity/index.js';
import { mailRoutes } from '../mail/index.js';
import { spaceRoutes, spaceThreadRoutes } from '../spaces/index.js';
import { sharingRoutes, threadRoutes } from '../threads/index.js';
import { translationRoutes } from '../translation/index.js';
import { fileRoutes } from '../files/index.js';
import { rightsRoutes } from '../rights/index.js';
import { orgRoutes, ssoRoutes } from '../orgs/index.js';
import { attributionRoutes } from '../attribution/index.js';
import { browserRoutes } from '../browser/index.js';
import { billingRoutes } from '../billing/index.js';
import type { Routes } from '../http/handler.js';
import type { AppContext } from './context.js';
import { systemRoutes } from '../http/system-routes.js';
import { accountSettingsRoutes } from '../settings/index.js';
import { partnerRoutes } from '../partners/index.js';
import { upsellRoutes } from '../upsells/index.js';
import { memoryRoutes } from '../memories/index.js';
import { toolRoutes } from '../tools/index.js';
import { marketRoutes } from '../market/index.js';
import { watchlistRoutes } from '../watchlist/index.js';
import { suggestionRoutes } from '../suggestions/index.js';
import { notificationRoutes } from '../notifications/index.js';
import { taskRoutes } from '../tasks/index.js';
import { agentRoutes } from '../agent/index.js';
import { connectorRoutes } from '../connectors/index.js';
import { apiKeyRoutes } from '../apikeys/index.js';
import { researchRoutes } from '../research/index.js';
import { bugReportRoutes } from '../bugreports/index.js';
import { studentRoutes } from '../students/index.js';
import { shoppingOrderRoutes } from '../shopping/index.js';
import { tryOnRoutes } from '../shopping/index.js';
import { catalogueRoutes } from '../shopping/index.js';
import { cartRoutes } from '../shopping/index.js';
import { placesRoutes } from '../places/index.js';

export const routes: Routes<AppContext> = {
  ...systemRoutes,
  ...identityRoutes,
  ...accountRoutes,
  ...avatarRoutes,
  ...adminRoutes,
  ...sessionRoutes,
  ...twoFactorRoutes,
  ...passwordRoutes,
  ...socialRoutes,
  ...mailRoutes,
  ...threadRoutes,
  ...researchRoutes,
  ...sharingRoutes,
  ...answerRoutes,
  ...articleRoutes,
  ...collectionRoutes,
  ...spaceRoutes,
  ...spaceThreadRoutes,
  ...deleteSpaceRoutes,
  ...translationRoutes,
  ...fileRoutes,
  ...accountSettingsRoutes,
  ...rightsRoutes,
  ...orgRoutes,
  ...partnerRoutes,
  ...attributionRoutes,
  ...browserRoutes,
  ...ssoRoutes,
  ...upsellRoutes,
  ...billingRoutes,
  ...memoryRoutes,
  ...toolRoutes,
  ...marketRoutes,
  ...watchlistRoutes,
  ...suggestionRoutes,
  ...notificationRoutes,
  ...taskRoutes,
  ...agentRoutes,
  ...connectorRoutes,
  ...apiKeyRoutes,
  ...bugReportRoutes,
  ...studentRoutes,
  ...shoppingOrderRoutes,
  ...tryOnRoutes,
  ...catalogueRoutes,
  ...cartRoutes,
  ...placesRoutes,
};
