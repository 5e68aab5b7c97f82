// Every domain's redactors, in one map: the event types that may hold a person's data and how
// each is erased when an account is deleted (docs/data-rights.md). A domain that adds an event
// with personal data exports its redactors and is listed here, as its projections are listed in
// projections.ts.
import { joinRedactors } from '../eventstore/erasure.js';
import { fileRedactors } from '../files/erasure.js';
import { identityRedactors } from '../identity/erasure.js';
import { mailRedactors } from '../mail/erasure.js';
import { orgRedactors } from '../orgs/erasure.js';
import { settingsRedactors } from '../settings/erasure.js';
import { spaceRedactors } from '../spaces/erasure.js';
import { threadRedactors } from '../threads/erasure.js';
import { attributionRedactors } from '../attribution/index.js';
import { browserRedactors } from '../browser/index.js';
import { memoryRedactors } from '../memories/index.js';
import { priceAlertRedactors } from '../market/index.js';
import { notificationRedactors } from '../notifications/index.js';
import { taskRedactors } from '../tasks/index.js';

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
  priceAlertRedactors,
  notificationRedactors,
  taskRedactors,
);
