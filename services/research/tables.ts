// The tables the Research domain owns, read models written by projections.ts: a report's
// progress (status, step count, sections) and the steps it did.
import type { NullableTimestamp, Timestamp } from '../db/columns.js';
import { ownerOf } from '../db/owned.js';

export interface ResearchReportsTable {
  backend_uuid: string;
  context_uuid: string;
  user_id: string;
  status: 'running' | 'completed' | 'stopped' | 'failed';
  step_count: number;
  sections: string[];
  started_at: Timestamp;
  ended_at: NullableTimestamp;
}

export interface ResearchStepsTable {
  backend_uuid: string;
  number: number;
  kind: string;
  text: string;
  at: Timestamp;
}

export interface ResearchTables {
  research_reports: ResearchReportsTable;
  research_steps: ResearchStepsTable;
}

export const own = ownerOf<ResearchTables>();
