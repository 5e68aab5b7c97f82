// Arguments of the Space modals (seed 000 §2 "Central modal host").
import type { Collection } from '../../../../generated/react-query/model';

/** Create a Space: empty, from a template, or moving a thread into it (thread-linked creation). */
export type SpaceCreateArgs = { templateId?: string; entryUuid?: string };
/** Edit a Space's title, description, instructions and emoji. */
export type CollectionCreateEditArgs = { collection: Collection };
/** Space settings: access, web search, members; offered to at-least-writers. */
export type SpaceSettingsArgs = { slug: string };
/** The Space context side sheet: Instructions, Files and Links. */
export type SpaceContextArgs = { slug: string };
/** Add a thread to a Space, or move it to another one. */
export type CollectionSelectArgs = { entryUuid: string; currentCollectionUuid: string | null; articleMode?: boolean };
