// Counting a large put's terms as a worker job (terms-in-workers.ts), off the thread that answers
// requests and feeds the database.
import { countRows, type CountedRows, type RowsToCount } from './counted-rows.js';

export function countTermsJob(rows: RowsToCount): CountedRows {
  return countRows(rows);
}
