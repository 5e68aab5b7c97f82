// The task modals' arguments: a task to edit, or a new one's title and prompt (an upsell's
// recommended shortcut fills them).
export type TaskModalArgs = { taskId?: string; title?: string; prompt?: string };

/** The trigger labels (seed 003 §3). */
export const TRIGGER_LABELS = { SCHEDULE: 'Scheduled task', ALERT: 'Price alert', SHORTCUT: 'Shortcut' } as const;
export type TaskKind = keyof typeof TRIGGER_LABELS;
