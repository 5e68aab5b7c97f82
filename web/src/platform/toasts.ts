// One toast system (sonner, at the top). Seeds: "Toast durations are 2, 3, 5 and 10 seconds."
export { toast } from 'sonner';

export const TOAST_DURATION = { short: 2_000, normal: 3_000, long: 5_000, sticky: 10_000 } as const;
