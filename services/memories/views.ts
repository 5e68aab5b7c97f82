// A memory as the API shows it (spec/components/schemas/Memory.yaml).
import type { MemoryRow } from './queries.js';

const iso = (d: Date | string) => new Date(d).toISOString();

export const memoryView = (m: MemoryRow) => ({
  memory_key: m.memory_key,
  content: m.content,
  origin: m.origin,
  from_entry_uuid: m.from_entry_uuid,
  feedback: m.verdict,
  is_thumbs_down: m.verdict === 'not_helpful',
  should_forget: m.should_forget,
  feedback_type: m.feedback_type,
  feedback_comment: m.feedback_comment,
  created_at: iso(m.created_at),
  updated_at: iso(m.updated_at),
});
