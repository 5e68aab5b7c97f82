// The account area's fourteen sections (seed 003 §2), in the seed's order and labels; each is built,
// and none shows made-up data.
export type AccountSection = { path: string; label: string };

export const ACCOUNT_SECTIONS: readonly AccountSection[] = [
  { path: '/account/details', label: 'Details' },
  { path: '/account/pro-perks', label: 'Pro perks' },
  { path: '/account/preferences', label: 'Preferences' },
  { path: '/account/personalize', label: 'Personalize' },
  { path: '/account/assistant', label: 'Assistant' },
  { path: '/account/connectors', label: 'Connectors' },
  { path: '/account/files', label: 'Imports' },
  { path: '/account/purchases', label: 'Products' },
  { path: '/account/api', label: 'API' },
  { path: '/account/reservations', label: 'Reservations' },
  { path: '/account/notifications', label: 'Notifications' },
  { path: '/account/tasks', label: 'Tasks' },
  { path: '/account/shortcuts', label: 'Shortcuts' },
  { path: '/account/site-instructions', label: 'Site instructions' },
];
