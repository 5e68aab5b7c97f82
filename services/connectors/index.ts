// What other parts use of the connectors (docs/architecture.md: a domain is used only through its index.ts).
export { connectorsPort, type ConnectorsContext, type ConnectorsPort, type ConnectorSyncStarter, type RemovalRun, type SyncRun } from './context.js';
export { resyncConnectorFiles } from './resync.js';
export { forgetSyncState, releaseRemovedConnection, REMOVAL_BATCH, type RemovalDeps, removeDocumentBatch, removeItemBatch } from './removal.js';
export { connectorsProjection } from './projections.js';
export { connectorRoutes } from './routes.js';
export { connectorItemsProjection } from './items-projection.js';
export {
  filesToSync,
  finishSync,
  foldersDone,
  listFolderPage,
  resolvePicked,
  type FileImport,
  type FolderJob,
  type SyncDeps,
} from './sync.js';
export { type FileOutcome, syncFiles } from './sync-files.js';
export { applyDeltaPage, cursorOf, evaluateResyncs, pruneFolder, takeCursor } from './delta.js';
export { connectorDeltaBackground } from './delta-schedule.js';
export { connectorRemovalSweepBackground } from './removal-sweep.js';
export { connectorDocumentsProjection } from './documents-projection.js';
export { documentPassageFeed } from './document-feed.js';
export { readerPrincipals } from './reader-principals.js';
export { connectorSourcesReadable } from './source-access.js';
export { readersOf } from './principals.js';
export type { ReaderGroup } from './adapters/app-types.js';
export {
  type AppSyncDeps,
  deltaAppPage,
  finishAppSync,
  planAppSync,
  removeUnseenDocuments,
  resolveAppGroups,
  saveAppCursor,
  walkAppPage,
} from './app-sync.js';
