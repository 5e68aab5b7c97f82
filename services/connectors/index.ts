// What other parts use of the connectors (docs/architecture.md: a domain is used only through its index.ts).
export { connectorsPort, type ConnectorsContext, type ConnectorsPort, type ConnectorSyncStarter } from './context.js';
export { connectorsProjection } from './projections.js';
export { connectorRoutes } from './routes.js';
export { connectorItemsProjection } from './items-projection.js';
export { filesToSync, finishSync, foldersDone, listFolderPage, resolvePicked, syncFile, type FileImport, type SyncDeps } from './sync.js';
