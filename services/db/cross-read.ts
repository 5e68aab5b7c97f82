// TEMPORARY (issue 31): the reads of another owner's tables that are still to move behind that
// owner's index.ts. Each call is a defect to remove; this file goes when none is left.
import type { AnyHandle, Owned } from './owned.js';
import type { AttributionTables } from '../attribution/tables.js';
import type { BillingTables } from '../billing/tables.js';
import type { BookmarksTables } from '../bookmarks/tables.js';
import type { BrowserTables } from '../browser/tables.js';
import type { EventStoreTables } from '../eventstore/tables.js';
import type { FilesTables } from '../files/tables.js';
import type { IdentityTables } from '../identity/tables.js';
import type { MailTables } from '../mail/tables.js';
import type { MarketTables } from '../market/tables.js';
import type { MemoriesTables } from '../memories/tables.js';
import type { NotificationsTables } from '../notifications/tables.js';
import type { OrgsTables } from '../orgs/tables.js';
import type { PassagesTables } from '../passages/tables.js';
import type { RightsTables } from '../rights/tables.js';
import type { SettingsTables } from '../settings/tables.js';
import type { SpacesTables } from '../spaces/tables.js';
import type { TasksTables } from '../tasks/tables.js';
import type { ThreadsTables } from '../threads/tables.js';
import type { UpsellsTables } from '../upsells/tables.js';

type AllTables = AttributionTables &
  BillingTables &
  BookmarksTables &
  BrowserTables &
  EventStoreTables &
  FilesTables &
  IdentityTables &
  MailTables &
  MarketTables &
  MemoriesTables &
  NotificationsTables &
  OrgsTables &
  PassagesTables &
  RightsTables &
  SettingsTables &
  SpacesTables &
  TasksTables &
  ThreadsTables &
  UpsellsTables;

export const crossRead = <H extends AnyHandle>(db: H): Owned<H, AllTables> => db as unknown as Owned<H, AllTables>;
