// Arguments of the upgrade modal ('Confirm changes', Pro to Max). Kept apart from the modal so
// the modal catalogue's types do not pull the modal in.
export type UpgradeModalArgs = { origin?: string; toContinue?: boolean };
