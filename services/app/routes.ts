// Every operation of the spec, keyed by operationId. The contract test checks both ways.
import { identityRoutes } from '../identity/routes.js';
import { mailRoutes } from '../mail/routes.js';
import { threadRoutes } from '../threads/routes.js';
import type { Routes } from './handler.js';
import { systemRoutes } from './system-routes.js';

export const routes: Routes = { ...systemRoutes, ...identityRoutes, ...mailRoutes, ...threadRoutes };
