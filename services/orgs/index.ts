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
export { membershipsOf } from './queries.js';
