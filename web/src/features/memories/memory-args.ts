// The memory modals' arguments (web/src/platform/modals/catalogue.ts).
export type MemoryKeyArgs = { memoryKey: string };
/** A source of an answer shown in the memory side sheet (seed 003 §2): a memory or a library entry. */
export type MemorySheetItem = { url: string; name: string; snippet: string; timestamp?: string; is_memory?: boolean; is_conversation_history?: boolean };
export type MemorySheetArgs = { items: MemorySheetItem[]; entryUuid?: string };

/** A memory item's key is the last path segment of its url, as a library entry's id is (seed 003 §3). */
export const keyOfUrl = (url: string) => url.split('/').filter(Boolean).at(-1) ?? '';
