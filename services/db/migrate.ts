// Forward-only migrations with Kysely's Migrator, run at start. The list is explicit so the
// bundled server and tests need no directory scanning.
import { Migrator, type Migration } from 'kysely/migration';
import type { Db } from './database.js';
import * as m0001 from './migrations/0001_event_store.js';
import * as m0002 from './migrations/0002_identity.js';
import * as m0003 from './migrations/0003_threads.js';
import * as m0004 from './migrations/0004_thread_sharing.js';
import * as m0005 from './migrations/0005_bookmarks.js';
import * as m0006 from './migrations/0006_passage_corpora_index.js';
import * as m0007 from './migrations/0007_passages_url_index.js';
import * as m0008 from './migrations/0008_spaces.js';
import * as m0009 from './migrations/0009_files.js';
import * as m0010 from './migrations/0010_passages_module.js';
import * as m0011 from './migrations/0011_file_uploads.js';
import * as m0012 from './migrations/0012_passages_rows_uncompressed.js';
import * as m0013 from './migrations/0013_space_members_user.js';
import * as m0014 from './migrations/0014_accounts_profile.js';
import * as m0015 from './migrations/0015_account_settings.js';
import * as m0016 from './migrations/0016_data_exports.js';
import * as m0017 from './migrations/0017_org_members.js';
import * as m0018 from './migrations/0018_org_insights.js';
import * as m0019 from './migrations/0019_attrib_browser_invites.js';
import * as m0020 from './migrations/0020_account_security.js';
import * as m0021 from './migrations/0021_org_sso.js';
import * as m0022 from './migrations/0022_upsell_marks.js';
import * as m0023 from './migrations/0023_billing_subscriptions.js';
import * as m0024 from './migrations/0024_memories.js';
import * as m0025 from './migrations/0025_image_uploads.js';
import * as m0026 from './migrations/0026_webhook_inbox.js';
import * as m0027 from './migrations/0027_price_alert_states.js';
import * as m0028 from './migrations/0028_notifications.js';
import * as m0029 from './migrations/0029_tasks.js';
import * as m0030 from './migrations/0030_subscription_seats.js';
import * as m0031 from './migrations/0031_entry_owner.js';
import * as m0032 from './migrations/0032_app_terms.js';
import * as m0033 from './migrations/0033_event_log_signal.js';
import * as m0034 from './migrations/0034_event_payloads_uncompressed.js';
import * as m0036 from './migrations/0036_cluster_instances.js';
import * as m0037 from './migrations/0037_passage_stat_changes.js';
import * as m0038 from './migrations/0038_connectors.js';
import * as m0039 from './migrations/0039_connector_item_mime.js';
import * as m0040 from './migrations/0040_passage_readers.js';
import * as m0043 from './migrations/0043_passage_postings_pending.js';
import * as m0044 from './migrations/0044_connector_item_path.js';
import * as m0046 from './migrations/0046_passage_connector_urls.js';
import * as m0052 from './migrations/0052_entry_search_filters.js';
import * as m0047 from './migrations/0047_web_page_cache.js';
import * as m0049 from './migrations/0049_withheld_connections.js';
import * as m0048 from './migrations/0048_api_keys.js';
import * as m0053 from './migrations/0053_agent_tasks.js';
import * as m0054 from './migrations/0054_passage_reader_keys.js';
import * as m0055 from './migrations/0055_entry_pro_search_steps.js';
import * as m0056 from './migrations/0056_research_reports.js';
import * as m0058 from './migrations/0058_mcp_servers.js';
import * as m0059 from './migrations/0059_task_notification_settings.js';
import * as m0060 from './migrations/0060_article_social.js';
import * as m0061 from './migrations/0061_shopping_catalogue.js';
import * as m0062 from './migrations/0062_shopping_orders.js';
import * as m0063 from './migrations/0063_try_on.js';
import * as m0064 from './migrations/0064_agent_step_records.js';
import * as m0065 from './migrations/0065_watchlist_items.js';
import * as m0066 from './migrations/0066_shopping_merchant_kind.js';
import * as m0068 from './migrations/0068_places.js';
import * as m0070 from './migrations/0070_student_verifications.js';
import * as m0073 from './migrations/0073_entry_research_report.js';
import * as m0074 from './migrations/0074_connector_reconciled_at.js';
import * as m0075 from './migrations/0075_drop_all_readers_stat_key.js';
import * as m0076 from './migrations/0076_shopping_bm25.js';
import * as m0077 from './migrations/0077_shopping_carts.js';
import * as m0078 from './migrations/0078_meeting_defaults.js';
import * as m0079 from './migrations/0079_term_stats_fillfactor.js';
import * as m0080 from './migrations/0080_passage_read_keys_column.js';
import * as m0081 from './migrations/0081_passage_segment_postings.js';
import * as m0082 from './migrations/0082_term_stats_by_key.js';

const migrations: Record<string, Migration> = {
  '0001_event_store': m0001,
  '0002_identity': m0002,
  '0003_threads': m0003,
  '0004_thread_sharing': m0004,
  '0005_bookmarks': m0005,
  '0006_passage_corpora_index': m0006,
  '0007_passages_url_index': m0007,
  '0008_spaces': m0008,
  '0009_files': m0009,
  '0010_passages_module': m0010,
  '0011_file_uploads': m0011,
  '0012_passages_rows_uncompressed': m0012,
  '0013_space_members_user': m0013,
  '0014_accounts_profile': m0014,
  '0015_account_settings': m0015,
  '0016_data_exports': m0016,
  '0017_org_members': m0017,
  '0018_org_insights': m0018,
  '0019_attrib_browser_invites': m0019,
  '0020_account_security': m0020,
  '0021_org_sso': m0021,
  '0022_upsell_marks': m0022,
  '0023_billing_subscriptions': m0023,
  '0024_memories': m0024,
  '0025_image_uploads': m0025,
  '0026_webhook_inbox': m0026,
  '0027_price_alert_states': m0027,
  '0028_notifications': m0028,
  '0029_tasks': m0029,
  '0030_subscription_seats': m0030,
  '0031_entry_owner': m0031,
  '0032_app_terms': m0032,
  '0033_event_log_signal': m0033,
  '0034_event_payloads_uncompressed': m0034,
  '0036_cluster_instances': m0036,
  '0037_passage_stat_changes': m0037,
  '0038_connectors': m0038,
  '0039_connector_item_mime': m0039,
  '0040_passage_readers': m0040,
  '0043_passage_postings_pending': m0043,
  '0044_connector_item_path': m0044,
  '0046_passage_connector_urls': m0046,
  '0052_entry_search_filters': m0052,
  '0047_web_page_cache': m0047,
  '0049_withheld_connections': m0049,
  '0048_api_keys': m0048,
  '0053_agent_tasks': m0053,
  '0054_passage_reader_keys': m0054,
  '0055_entry_pro_search_steps': m0055,
  '0056_research_reports': m0056,
  '0058_mcp_servers': m0058,
  '0059_task_notification_settings': m0059,
  '0060_article_social': m0060,
  '0061_shopping_catalogue': m0061,
  '0062_shopping_orders': m0062,
  '0063_try_on': m0063,
  '0064_agent_step_records': m0064,
  '0065_watchlist_items': m0065,
  '0066_shopping_merchant_kind': m0066,
  '0068_places': m0068,
  '0070_student_verifications': m0070,
  '0073_entry_research_report': m0073,
  '0074_connector_reconciled_at': m0074,
  '0075_drop_all_readers_stat_key': m0075,
  '0076_shopping_bm25': m0076,
  '0077_shopping_carts': m0077,
  '0078_meeting_defaults': m0078,
  '0079_term_stats_fillfactor': m0079,
  '0080_passage_read_keys_column': m0080,
  '0081_passage_segment_postings': m0081,
  '0082_term_stats_by_key': m0082,
};

export async function migrateToLatest(db: Db) {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    throw new Error(`Migration ${failed ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Migrates up to and including `name` only: for tests of a migration over data the earlier schema held. */
export async function migrateUpTo(db: Db, name: string) {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error } = await migrator.migrateTo(name);
  if (error) throw error;
}
