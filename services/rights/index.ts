// What other parts use of data rights (docs/architecture.md: a domain is used only through its index.ts).
export { rightsRoutes } from './routes.js';
export { dataExportsProjection } from './projections.js';
export type { ExportPart } from './export-archive.js';
export { EXPORT_LINK_DAYS } from './decide.js';
export { deletionRequested, expireExport, failExport, mailExportReady, makeExport } from './use-cases.js';
export { closeSignIn, discardMail, eraseAccount, leaveOrgs, leaveSpaces, personalWorkflowIds, removeFiles, removeThreads, settleSpaces } from './deletion.js';
export type { AccountDeletionRequested, DataExportRequested } from './events.js';
