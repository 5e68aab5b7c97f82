// The default Bookmarks collection as the seeds describe it (seed 003 §3: title 'Bookmarks',
// emoji code 1f516, no uuid; seed 000 §6: the caller holds OWNER_DEFAULT_BOOKMARKS = 6). It is
// private (Space access 1): only its owner sees it.
import { ACCESS_LEVEL, SPACE_ACCESS } from '../spaces/index.js';

export const BOOKMARKS_COLLECTION = {
  uuid: null,
  title: 'Bookmarks',
  emoji: '1f516',
  slug: null,
  access: SPACE_ACCESS.PRIVATE,
  user_permission: ACCESS_LEVEL.OWNER_DEFAULT_BOOKMARKS,
} as const;
