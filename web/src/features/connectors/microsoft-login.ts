// The Microsoft pickers' token rules (seed 001 §4, §8): one interactive login at a time (a second
// ask while one is under way waits for that one, never starts another), and a token acquisition
// that has not finished after 20 s fails with 'Request timed out'; any other failure is 'Access
// token not acquired'. Here the acquisition is the first call a OneDrive or SharePoint picker makes
// (the server renews the connection's token if it must) and the start of a Microsoft connection.
export const MICROSOFT_TOKEN_TIMEOUT_MS = 20_000;
export const MICROSOFT_TEXT = { timedOut: 'Request timed out', notAcquired: 'Access token not acquired' } as const;

/** The connectors signed in through Microsoft's login. */
export const MICROSOFT_CONNECTORS = new Set(['onedrive', 'sharepoint', 'microsoft_teams', 'outlook']);

export class MicrosoftTokenError extends Error {
  constructor(
    message: string,
    /** What the call itself said, when it answered at all. */
    readonly cause?: unknown,
  ) {
    super(message);
    this.name = 'MicrosoftTokenError';
  }
}

let underWay: Promise<unknown> | null = null;

/** Runs `acquire` as the one Microsoft login under way (or waits for the one that is), within 20 s. */
export function microsoftLogin<T>(acquire: () => Promise<T>, timeoutMs = MICROSOFT_TOKEN_TIMEOUT_MS): Promise<T> {
  if (underWay) return underWay as Promise<T>;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new MicrosoftTokenError(MICROSOFT_TEXT.timedOut)), timeoutMs);
  });
  const run = Promise.race([
    acquire().catch((err) => {
      throw new MicrosoftTokenError(MICROSOFT_TEXT.notAcquired, err);
    }),
    timedOut,
  ]).finally(() => {
    clearTimeout(timer);
    underWay = null;
  });
  underWay = run;
  return run;
}

/** Runs `call` through the Microsoft login rules when `name` is a Microsoft connector, as it is otherwise. */
export const throughLogin = <T>(name: string, call: () => Promise<T>) => (MICROSOFT_CONNECTORS.has(name) ? microsoftLogin(call) : call());
