// What other parts use of student verification (docs/architecture.md: a domain is used only through its index.ts).
export { studentRoutes } from './routes.js';
export { studentVerificationsProjection } from './projections.js';
export { studentRedactors } from './erasure.js';
export { isStandingStudent, studentVerificationExport, studentVerificationOf } from './queries.js';
