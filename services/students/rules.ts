// The constants of student verification: a six-digit code lives 30 minutes, five wrong tries use
// it up, and a new one is mailed at most once a minute.
export const STUDENT_CODE = { digits: 6, minutes: 30, maxWrongTries: 5, resendSeconds: 60 } as const;
