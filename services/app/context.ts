// The one context the app builds (app-context.ts): the kernel's parts and every domain's ports.
import type { BillingContext } from '../billing/index.js';
import type { FilesContext } from '../files/index.js';
import type { IdentityContext } from '../identity/index.js';
import type { OrgsContext } from '../orgs/index.js';
import type { PartnersContext } from '../partners/index.js';
import type { SpacesContext } from '../spaces/index.js';
import type { ThreadsContext } from '../threads/index.js';
import type { UpsellsContext } from '../upsells/index.js';
import type { NotificationsContext } from '../notifications/index.js';

import type { TasksContext } from '../tasks/index.js';
import type { ConnectorsContext } from '../connectors/index.js';
import type { ApiKeysContext } from '../apikeys/index.js';
import type { AgentContext } from '../agent/index.js';
import type { ToolsContext } from '../tools/index.js';
import type { ShoppingOrdersContext } from '../shopping/index.js';
import type { TryOnContext } from '../shopping/index.js';

export type AppContext = IdentityContext &
  SpacesContext &
  ThreadsContext &
  FilesContext &
  OrgsContext &
  BillingContext &
  PartnersContext &
  UpsellsContext &
  NotificationsContext &
  TasksContext &
  ConnectorsContext &
  ApiKeysContext &
  AgentContext &
  ToolsContext &
  ShoppingOrdersContext &
  TryOnContext;
