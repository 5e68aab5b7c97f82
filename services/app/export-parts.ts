// What other domains add to a person's data export (services/rights/export-archive.ts builds the
// rest: profile, threads, Spaces, files, bookmarks). A domain with personal settings lists a part
// here: `{ path: 'settings/<name>.json', read: (db, userId) => ... }` (docs/data-rights.md).
import type { ExportPart } from '../rights/index.js';
import { upsellMarksExport } from '../upsells/index.js';
import { memoriesExport } from '../memories/index.js';
import { priceAlertsExport } from '../market/index.js';
import { notificationsExport } from '../notifications/index.js';
import { tasksExport } from '../tasks/index.js';
import { watchlistExport } from '../watchlist/index.js';
import { agentTasksExport } from '../agent/index.js';
import { studentVerificationExport } from '../students/index.js';
import { meetingDefaultsOf } from '../settings/index.js';
import { shoppingOrdersExport, storeCartExport, tryOnExport, tryOnExportFiles } from '../shopping/index.js';
import { reservationsExport } from '../places/index.js';

export const exportParts: readonly ExportPart[] = [
  upsellMarksExport,
  { path: 'settings/memories.json', read: memoriesExport },
  { path: 'settings/price-alerts.json', read: priceAlertsExport },
  { path: 'settings/notifications.json', read: notificationsExport },
  { path: 'settings/tasks.json', read: tasksExport },
  { path: 'settings/watchlist.json', read: watchlistExport },
  { path: 'settings/student-verification.json', read: studentVerificationExport },
  { path: 'settings/meeting-defaults.json', read: meetingDefaultsOf },
  // The hand-overs to venues' own booking pages the person kept (/account/reservations).
  { path: 'settings/reservations.json', read: reservationsExport },
  // The agent's tasks with their steps, tool calls and screenshots.
  { path: 'agent/tasks.json', read: agentTasksExport },
  // Their orders with the addresses they ship to, and their try-on images (the list and the bytes).
  { path: 'shopping/orders.json', read: shoppingOrdersExport },
  // Their current cart at a merchant's store (what is in it, its totals and checkout).
  { path: 'shopping/cart.json', read: storeCartExport },
  { path: 'shopping/try-on.json', read: tryOnExport, files: tryOnExportFiles },
];
