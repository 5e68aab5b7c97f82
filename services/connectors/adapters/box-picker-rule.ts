// Box's picker key refresh rule (seed 001 §4), shared by the server and the page: a new key is
// asked for before the picker opens when there is none or its expiry is past; an expiry that does
// not parse is logged and the picker still opens with the key it has.
export type BoxPickerKey = { api_key: string; expires_at: string };

/** The key to open the picker with: the current one unless it is missing or its expiry is past. */
export async function boxPickerKey(
  current: BoxPickerKey | null,
  mint: () => Promise<BoxPickerKey>,
  deps: { now: () => Date; logError: (message: string) => void },
): Promise<BoxPickerKey> {
  if (!current) return mint();
  const expiresAt = Date.parse(current.expires_at);
  if (Number.isNaN(expiresAt)) {
    deps.logError(`the Box picker key's expiry does not parse: ${JSON.stringify(current.expires_at)}`);
    return current;
  }
  return expiresAt <= deps.now().getTime() ? mint() : current;
}
