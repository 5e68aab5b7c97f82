// The providers whose one OAuth application serves one or more connectors: each is configured by
// one client id and secret (CONNECTOR_<FAMILY>_CLIENT_ID and _CLIENT_SECRET). Below config and the
// connectors domain alike, so both name them the same way.
export const PROVIDER_FAMILIES = ['google', 'microsoft', 'dropbox', 'box', 'notion', 'linear', 'github', 'asana', 'atlassian', 'slack'] as const;
export type ProviderFamily = (typeof PROVIDER_FAMILIES)[number];
