// Which of an organisation's synced items a member sees in the connector files table: those their
// source lets them read (the item's readers as the provider gave them: anyone with the link,
// their address, their domain), and every item of a connection they made themselves. An item
// whose sharing the source does not say (or not yet: a picked item before the sync looks it up)
// is its connecting member's alone, as its passages are (principals.ts).
import { type ExpressionBuilder, sql } from 'kysely';
import type { ConnectorsTables } from './tables.js';

export function itemReadableBy(principals: readonly string[], ownConnections: readonly string[]) {
  const emails = principals.filter((p) => p.startsWith('email:')).map((p) => p.slice('email:'.length));
  const domains = principals.filter((p) => p.startsWith('domain:')).map((p) => p.slice('domain:'.length));
  return (eb: ExpressionBuilder<ConnectorsTables, 'connector_items'>) =>
    eb.or([
      ...(ownConnections.length ? [eb('connection_uuid', 'in', [...ownConnections])] : []),
      sql<boolean>`coalesce((readers->>'anyone')::boolean, false)`,
      sql<boolean>`coalesce(readers->'emails' ?| ${emails}::text[], false)`,
      sql<boolean>`coalesce(readers->'domains' ?| ${domains}::text[], false)`,
    ]);
}
