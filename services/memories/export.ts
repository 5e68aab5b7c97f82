// The person's memories in their data export (services/app/export-parts.ts).
import type { Db } from '../db/database.js';
import { listMemories, memoriesEnabled } from './queries.js';
import { memoryView } from './views.js';

export async function memoriesExport(db: Db, userId: string) {
  const { rows } = await listMemories(db, userId, { limit: 100_000, offset: 0 });
  return { enabled: await memoriesEnabled(db, userId), memories: rows.map(memoryView) };
}
