// Every connector the product offers (seed 001 §1): what the connectors page, the Add files menu
// and the enable modal show of each. Pure data, shared with the browser through pure.ts; how the
// server reaches each provider (addresses, scopes) is providers.ts, on the server only.
import type { ProviderFamily } from '../shared/connector-families.js';

/** File connectors sync files into a repository; app connectors bring in content by authentication alone. */
export type ConnectorKind = 'file' | 'app';

export const CONNECTOR_NAMES = [
  'google_drive',
  'onedrive',
  'sharepoint',
  'dropbox',
  'box',
  'notion',
  'linear',
  'github',
  'asana',
  'atlassian',
  'jira',
  'confluence',
  'microsoft_teams',
  'slack',
  'gmail',
  'outlook',
] as const;
export type ConnectorName = (typeof CONNECTOR_NAMES)[number];

export { PROVIDER_FAMILIES, type ProviderFamily } from '../shared/connector-families.js';

export type ConnectorInfo = {
  name: ConnectorName;
  /** The name people know it by. */
  label: string;
  kind: ConnectorKind;
  family: ProviderFamily;
  /** Offered to members of an Enterprise organisation only (seed 001 §6). */
  enterpriseOnly: boolean;
  /** Not offered in Spaces (seed 001 §5: Notion connects by authentication and is unavailable in Spaces). */
  notInSpaces: boolean;
  /** A third-party integration vendor that processes the data, named in the enable modal; null: this server talks to the provider itself. */
  vendor: string | null;
  /** The enable modal's overview (seed 000 §2): for people in an Enterprise organisation, and for everyone else. */
  enterpriseBullets: readonly string[];
  consumerBullets: readonly string[];
  links: readonly { label: string; url: string }[];
  footnote: string;
};

const PRIVATE = 'Only you can search what you connect; answers cite it only for you.';
const ORG_PRIVATE = 'Everyone in your organisation finds what they could already open at the source, and nothing else.';
const footnote = (label: string) => `You can disconnect ${label} at any time from Connectors; what it brought in leaves your answers with it.`;

function connector(
  name: ConnectorName,
  label: string,
  kind: ConnectorKind,
  family: ProviderFamily,
  what: string,
  links: ConnectorInfo['links'],
  options: Partial<Pick<ConnectorInfo, 'enterpriseOnly' | 'notInSpaces'>> = {},
): ConnectorInfo {
  return {
    name,
    label,
    kind,
    family,
    enterpriseOnly: options.enterpriseOnly ?? false,
    notInSpaces: options.notInSpaces ?? false,
    vendor: null,
    enterpriseBullets: [`Answer questions from ${what}.`, ORG_PRIVATE, 'Changes at the source reach answers at the next sync.'],
    consumerBullets: [
      `Ask about ${what} and get answers that cite it.`,
      PRIVATE,
      kind === 'file' ? 'Pick the files and folders to sync; nothing else is read.' : 'Read-only: nothing is changed or posted at the source.',
    ],
    links,
    footnote: footnote(label),
  };
}

export const CONNECTORS: readonly ConnectorInfo[] = [
  connector('google_drive', 'Google Drive', 'file', 'google', 'your Drive files, shared drives included', [
    { label: 'Google Drive', url: 'https://drive.google.com' },
  ]),
  connector('onedrive', 'OneDrive', 'file', 'microsoft', 'your OneDrive files', [{ label: 'OneDrive', url: 'https://onedrive.live.com' }]),
  connector(
    'sharepoint',
    'SharePoint',
    'file',
    'microsoft',
    "your organisation's SharePoint sites",
    [{ label: 'SharePoint', url: 'https://www.microsoft.com/microsoft-365/sharepoint' }],
    {
      enterpriseOnly: true,
    },
  ),
  connector('dropbox', 'Dropbox', 'file', 'dropbox', 'your Dropbox files', [{ label: 'Dropbox', url: 'https://www.dropbox.com' }]),
  connector('box', 'Box', 'file', 'box', 'your Box files', [{ label: 'Box', url: 'https://www.box.com' }]),
  connector('notion', 'Notion', 'app', 'notion', 'the Notion pages and databases you share with it', [{ label: 'Notion', url: 'https://www.notion.so' }], {
    notInSpaces: true,
  }),
  connector('linear', 'Linear', 'app', 'linear', 'your Linear issues and projects', [{ label: 'Linear', url: 'https://linear.app' }]),
  connector('github', 'GitHub', 'app', 'github', 'the issues, pull requests and documents of your repositories', [
    { label: 'GitHub', url: 'https://github.com' },
  ]),
  connector('asana', 'Asana', 'app', 'asana', 'your Asana tasks and projects', [{ label: 'Asana', url: 'https://asana.com' }]),
  connector('atlassian', 'Atlassian', 'app', 'atlassian', 'Jira issues and Confluence pages', [{ label: 'Atlassian', url: 'https://www.atlassian.com' }], {
    enterpriseOnly: true,
  }),
  connector('jira', 'Jira', 'app', 'atlassian', 'your Jira issues', [{ label: 'Jira', url: 'https://www.atlassian.com/software/jira' }], {
    enterpriseOnly: true,
  }),
  connector(
    'confluence',
    'Confluence',
    'app',
    'atlassian',
    'your Confluence pages',
    [{ label: 'Confluence', url: 'https://www.atlassian.com/software/confluence' }],
    {
      enterpriseOnly: true,
    },
  ),
  connector(
    'microsoft_teams',
    'Microsoft Teams',
    'app',
    'microsoft',
    'the channels of your teams',
    [{ label: 'Microsoft Teams', url: 'https://www.microsoft.com/microsoft-teams' }],
    {
      enterpriseOnly: true,
    },
  ),
  connector('slack', 'Slack', 'app', 'slack', 'the Slack channels you are in', [{ label: 'Slack', url: 'https://slack.com' }]),
  connector('gmail', 'Gmail with Calendar', 'app', 'google', 'your mail and calendar', [
    { label: 'Gmail', url: 'https://mail.google.com' },
    { label: 'Google Calendar', url: 'https://calendar.google.com' },
  ]),
  connector('outlook', 'Outlook', 'app', 'microsoft', 'your Outlook mail and calendar', [{ label: 'Outlook', url: 'https://outlook.office.com' }]),
];

const BY_NAME = new Map(CONNECTORS.map((c) => [c.name, c]));

export function connectorInfo(name: string): ConnectorInfo | null {
  return BY_NAME.get(name as ConnectorName) ?? null;
}

/** Connector types eligible for file sync (seed 001 §5). */
export const FILE_CONNECTORS = CONNECTORS.filter((c) => c.kind === 'file').map((c) => c.name);

/** A connector id is a connection's uuid when it has 36 characters in 5 dash-separated parts (seed 001 §5). */
export function isConnectionUuid(id: string) {
  return id.length === 36 && id.split('-').length === 5;
}

/** The extensions a connector pick accepts (seed 001 §5). */
export const CONNECTOR_PICK_EXTENSIONS = ['.txt', '.pdf', '.docx', '.pptx', '.xlsx', '.md', '.csv'] as const;
