// The account area's fourteen sections (seed 003 §2), in the seed's order and labels. A section
// whose feature is not built yet says in one line what it will hold; none shows made-up data.
export type AccountSection = { path: string; label: string; later?: string };

export const ACCOUNT_SECTIONS: readonly AccountSection[] = [
  { path: '/account/details', label: 'Details' },
  { path: '/account/pro-perks', label: 'Pro perks', later: 'The perks of your plan will be listed here once plans and billing arrive.' },
  { path: '/account/preferences', label: 'Preferences', later: 'Your theme, answer language, default search mode and incognito default will be set here.' },
  { path: '/account/personalize', label: 'Personalize', later: 'What answers should know about you, and the style they should follow, will be set here.' },
  { path: '/account/assistant', label: 'Assistant', later: 'The model that answers by default will be chosen here when more than one is configured.' },
  { path: '/account/connectors', label: 'Connectors', later: 'Cloud sources you connect (drives, mail, calendars) will be managed here.' },
  { path: '/account/files', label: 'Imports' },
  { path: '/account/purchases', label: 'Products', later: 'What you bought will be listed here once purchases arrive.' },
  { path: '/account/api', label: 'API', later: 'Keys for the answer engine’s API will be managed here.' },
  { path: '/account/reservations', label: 'Reservations', later: 'Bookings made through answers will be listed here.' },
  { path: '/account/notifications', label: 'Notifications', later: 'Which notifications reach you, and how, will be set here.' },
  { path: '/account/tasks', label: 'Tasks', later: 'Your scheduled tasks and price alerts will be managed here.' },
  { path: '/account/shortcuts', label: 'Shortcuts', later: 'Your saved prompt shortcuts will be managed here.' },
  { path: '/account/site-instructions', label: 'Site instructions', later: 'Instructions the browser agent follows on particular sites will be kept here.' },
];
