// The default Bookmarks collection as the seeds describe it (seed 003 §3: title 'Bookmarks',
// emoji code 1f516, no uuid; seed 000 §6: the caller holds OWNER_DEFAULT_BOOKMARKS = 6).
export const ACCESS_LEVEL = { OWNER: 4, OWNER_DEFAULT_BOOKMARKS: 6 } as const;

export const BOOKMARKS_COLLECTION = {
  uuid: null,
  title: 'Bookmarks',
  emoji: '1f516',
  slug: null,
  access: ACCESS_LEVEL.OWNER,
  user_permission: ACCESS_LEVEL.OWNER_DEFAULT_BOOKMARKS,
} as const;
