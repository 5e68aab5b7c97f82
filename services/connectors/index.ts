// What other parts use of the connectors (docs/architecture.md: a domain is used only through its index.ts).
export { connectorsPort, type ConnectorsContext, type ConnectorsPort } from './context.js';
export { connectorsProjection } from './projections.js';
export { connectorRoutes } from './routes.js';
