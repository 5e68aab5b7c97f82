import type { Kysely } from 'kysely';

// Issue 34, tool servers (MCP): a person's remote servers and each tool's setting (projections of
// services/tools). Tokens stay sealed in the event log, never in a read model.
export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('mcp_servers')
    .addColumn('server_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('authorized', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mcp_servers_user_idx').on('mcp_servers').columns(['user_id', 'name']).execute();
  await db.schema
    .createTable('mcp_tool_settings')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('server_id', 'text', (c) => c.notNull())
    .addColumn('tool_name', 'text', (c) => c.notNull())
    .addColumn('enabled', 'boolean', (c) => c.notNull())
    .addColumn('approval', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('mcp_tool_settings_pk', ['user_id', 'server_id', 'tool_name'])
    .execute();
  // Each tool call an answer made: its arguments, whether it waits for the person, and its result.
  await db.schema
    .createTable('mcp_calls')
    .addColumn('call_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('backend_uuid', 'text', (c) => c.notNull())
    .addColumn('server_id', 'text', (c) => c.notNull())
    .addColumn('server_name', 'text', (c) => c.notNull())
    .addColumn('tool_name', 'text', (c) => c.notNull())
    .addColumn('arguments', 'jsonb', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('result', 'text')
    .addColumn('is_error', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('requested_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mcp_calls_entry_idx').on('mcp_calls').columns(['user_id', 'backend_uuid', 'requested_at']).execute();
}
