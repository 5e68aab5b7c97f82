// What Gmail with Calendar asks of Google, in the words of Google's consent screen, and what each
// missing permission takes away: shared by the extra-permission and failed-permissions modals.
export const GOOGLE_PERMISSIONS = {
  mail: { consent: 'View your email messages and settings', loses: 'your mail cannot be searched' },
  calendar: { consent: 'See and download any calendar you can access using your Google Calendar', loses: 'your events cannot be searched' },
} as const;

export type GooglePermission = keyof typeof GOOGLE_PERMISSIONS;
export const GOOGLE_PERMISSION_NAMES: Record<GooglePermission, string> = { mail: 'Gmail', calendar: 'Google Calendar' };
