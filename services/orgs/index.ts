// What other domains use of organisations (docs/architecture.md: a domain is used only through its index.ts).
export {
  checkFileDownloads,
  checkFileUploads,
  checkPublicSharing,
  checkSpaceCreation,
  checkWebSearch,
  mayUseWebSearch,
  pdfDownloadsRestricted,
} from './policy.js';
export { orgErrors } from './errors.js';
export { INSIGHTS_CONSUMER, INSIGHTS_EVENTS, insightsConsumer } from './insights.js';
export { checkAccountDeparture, departAllOrgs, orgsClosedBy } from './departure.js';
export { existingOrgs, orgBillingFacts } from './queries.js';
export type { OrgsContext } from './context.js';
export { orgRedactors } from './erasure.js';
export { orgsProjection } from './projections.js';
export { orgRoutes } from './routes.js';
export { ssoRoutes } from './sso-routes.js';
export { dnsTxtResolver, fileTxtResolver } from './sso-dns.js';
export { secretBox } from './sso-secret-box.js';
export { orgInsightsBackground } from './background.js';
export { membershipsOf } from './queries.js';
