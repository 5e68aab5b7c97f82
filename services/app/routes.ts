// Every operation of the spec, keyed by operationId. The contract test checks both ways.
import { checkRoutes } from '../answers/check-routes.js';
import { articleRoutes } from '../articles/routes.js';
import { collectionRoutes } from '../bookmarks/routes.js';
import { deleteSpaceRoutes } from '../bookmarks/delete-space-routes.js';
import { accountRoutes } from '../identity/account-routes.js';
import { avatarRoutes } from '../identity/avatar-routes.js';
import { adminRoutes } from '../identity/admin-routes.js';
import { identityRoutes } from '../identity/routes.js';
import { sessionRoutes } from '../identity/session-routes.js';
import { passwordRoutes } from '../identity/password-routes.js';
import { twoFactorRoutes } from '../identity/two-factor-routes.js';
import { socialRoutes } from '../identity/social-routes.js';
import { mailRoutes } from '../mail/routes.js';
import { spaceRoutes } from '../spaces/routes.js';
import { spaceThreadRoutes } from '../spaces/thread-routes.js';
import { sharingRoutes } from '../threads/sharing-routes.js';
import { threadRoutes } from '../threads/routes.js';
import { translationRoutes } from '../translation/routes.js';
import { fileRoutes } from '../files/routes.js';
import { rightsRoutes } from '../rights/index.js';
import { orgRoutes } from '../orgs/routes.js';
import { attributionRoutes } from '../attribution/routes.js';
import { browserRoutes } from '../browser/routes.js';
import { ssoRoutes } from '../orgs/sso-routes.js';
import { billingRoutes } from '../billing/routes.js';
import type { Routes } from '../http/handler.js';
import type { AppContext } from './context.js';
import { systemRoutes } from '../http/system-routes.js';
import { accountSettingsRoutes } from '../settings/routes.js';
import { partnerRoutes } from '../partners/index.js';
import { upsellRoutes } from '../upsells/index.js';
import { memoryRoutes } from '../memories/index.js';
import { marketRoutes } from '../market/index.js';
import { notificationRoutes } from '../notifications/index.js';
import { taskRoutes } from '../tasks/index.js';

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
  ...sharingRoutes,
  ...checkRoutes,
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
  ...marketRoutes,
  ...notificationRoutes,
  ...taskRoutes,
};
