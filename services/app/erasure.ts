// Every domain's redactors, in one map: the event types that may hold a person's data and how
// each is erased when an account is deleted (docs/data-rights.md). A domain that adds an event
// with personal data exports its redactors and is listed here, as its projections are listed in
// projections.ts.
import { joinRedactors } from '../eventstore/erasure.js';
import { fileRedactors } from '../files/index.js';
import { identityRedactors } from '../identity/index.js';
import { mailRedactors } from '../mail/index.js';
import { orgRedactors } from '../orgs/index.js';
import { settingsRedactors } from '../settings/index.js';
import { spaceRedactors } from '../spaces/index.js';
import { threadRedactors } from '../threads/index.js';
import { attributionRedactors } from '../attribution/index.js';
import { browserRedactors } from '../browser/index.js';
import { memoryRedactors } from '../memories/index.js';
import { toolRedactors } from '../tools/index.js';
import { priceAlertRedactors } from '../market/index.js';
import { notificationRedactors } from '../notifications/index.js';
import { taskRedactors } from '../tasks/index.js';
import { agentRedactors } from '../agent/index.js';
import { researchRedactors } from '../research/index.js';
import { watchlistRedactors } from '../watchlist/index.js';
import { studentRedactors } from '../students/index.js';
import { orderRedactors } from '../shopping/index.js';
import { catalogueRedactors } from '../shopping/index.js';
import { cartRedactors } from '../shopping/index.js';
import { placesRedactors } from '../places/index.js';

export const redactors = joinRedactors(
  identityRedactors,
  settingsRedactors,
  mailRedactors,
  orgRedactors,
  spaceRedactors,
  threadRedactors,
  fileRedactors,
  attributionRedactors,
  browserRedactors,
  memoryRedactors,
  toolRedactors,
  priceAlertRedactors,
  notificationRedactors,
  taskRedactors,
  agentRedactors,
  researchRedactors,
  watchlistRedactors,
  studentRedactors,
  orderRedactors,
  catalogueRedactors,
  cartRedactors,
  placesRedactors,
);
