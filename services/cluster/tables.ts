// The tables the cluster module owns (services/db/owned.ts).
import type { Timestamp } from '../db/columns.js';
import { ownerOf } from '../db/owned.js';

/** An app instance on this database and its last heartbeat (migration 0036). */
export interface ClusterInstancesTable {
  instance_id: string;
  started_at: Timestamp;
  seen_at: Timestamp;
  /** The live instance taking over this one's workflows, while it does. */
  taken_over_by: string | null;
}

export interface ClusterTables {
  cluster_instances: ClusterInstancesTable;
}

/** This module's handle on its own tables (a transaction stays a transaction). */
export const own = ownerOf<ClusterTables>();
