// What other domains use of identity (docs/architecture.md: a domain is used only through its index.ts).
export { migrateAuth } from './auth.js';
export { orgOf, type SessionUser } from './queries.js';
export { authHeaders, requireUser } from './session.js';
export { decideErase } from './decide.js';
export { namesAndEmailsOf } from './erasure.js';
export { accountStream, evolveAccount, initialAccount } from './events.js';
export type { IdentityContext } from './context.js';
export { exportReadyMail } from './account-mail.js';
export { isAdministrator } from './administrators.js';
export { mayVerifyByCode } from './verification-code.js';
export { signInVerifiedIdentity, type VerifiedIdentity } from './verified-sign-in.js';
export type { Auth } from './auth.js';
export { claimedVisitorIds, peopleOf, personByEmail, personOf, visitorClaimOf, type Person } from './people.js';
export { slugTaken } from './queries.js';
export { betterAuthOrganizationOf, memberRoleIn, orgOfEmail, type BetterAuthOrganization } from './organizations.js';
