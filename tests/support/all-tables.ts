// Every owner's tables in one type, for tests that look at rows directly (production code narrows
// to its own tables only: services/db/owned.ts).
import type { AnyHandle, Owned } from '../../services/db/owned.js';
import type { ClusterTables } from '../../services/cluster/tables.js';
import type { ApiKeysTables } from '../../services/apikeys/tables.js';
import type { AgentTables } from '../../services/agent/tables.js';
import type { ArticlesTables } from '../../services/articles/tables.js';
import type { ToolsTables } from '../../services/tools/tables.js';
import type { AttributionTables } from '../../services/attribution/tables.js';
import type { BillingTables } from '../../services/billing/tables.js';
import type { BookmarksTables } from '../../services/bookmarks/tables.js';
import type { BrowserTables } from '../../services/browser/tables.js';
import type { ConnectorsTables } from '../../services/connectors/tables.js';
import type { EventStoreTables } from '../../services/eventstore/tables.js';
import type { FilesTables } from '../../services/files/tables.js';
import type { IdentityTables } from '../../services/identity/tables.js';
import type { MailTables } from '../../services/mail/tables.js';
import type { MarketTables } from '../../services/market/tables.js';
import type { MemoriesTables } from '../../services/memories/tables.js';
import type { NotificationsTables } from '../../services/notifications/tables.js';
import type { OrgsTables } from '../../services/orgs/tables.js';
import type { PassagesTables } from '../../services/passages/tables.js';
import type { RightsTables } from '../../services/rights/tables.js';
import type { SettingsTables } from '../../services/settings/tables.js';
import type { SpacesTables } from '../../services/spaces/tables.js';
import type { TasksTables } from '../../services/tasks/tables.js';
import type { ThreadsTables } from '../../services/threads/tables.js';
import type { UpsellsTables } from '../../services/upsells/tables.js';
import type { AnswersTables } from '../../services/answers/tables.js';
import type { WatchlistTables } from '../../services/watchlist/tables.js';
import type { StudentTables } from '../../services/students/tables.js';
import type { ShoppingOrdersTables } from '../../services/shopping/orders/tables.js';
import type { TryOnTables } from '../../services/shopping/try-on/tables.js';
import type { CatalogueTables } from '../../services/shopping/catalogue/tables.js';
import type { CartTables } from '../../services/shopping/carts/tables.js';
import type { PlacesTables } from '../../services/places/tables.js';

export type AllTables = AgentTables &
  ToolsTables &
  AnswersTables &
  ArticlesTables &
  ApiKeysTables &
  AttributionTables &
  BillingTables &
  BookmarksTables &
  BrowserTables &
  CatalogueTables &
  CartTables &
  ClusterTables &
  ConnectorsTables &
  EventStoreTables &
  FilesTables &
  IdentityTables &
  MailTables &
  MarketTables &
  MemoriesTables &
  NotificationsTables &
  OrgsTables &
  PassagesTables &
  PlacesTables &
  RightsTables &
  SettingsTables &
  SpacesTables &
  TasksTables &
  ThreadsTables &
  UpsellsTables &
  WatchlistTables &
  StudentTables &
  ShoppingOrdersTables &
  TryOnTables;

/** A handle on every table (a transaction stays a transaction). */
export const allTables = <H extends AnyHandle>(db: H): Owned<H, AllTables> => db as unknown as Owned<H, AllTables>;
