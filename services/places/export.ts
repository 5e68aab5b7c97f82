// A person's reservation records in their data export (services/app/export-parts.ts).
import type { Db } from '../db/database.js';
import { reservationsOf } from './queries.js';

export const reservationsExport = (db: Db, userId: string) => reservationsOf(db, userId);
