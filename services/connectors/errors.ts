// The connectors' errors: each a stable code, a kind (its status at the edge) and its text, the
// seed's where it has one (seed 001 §8).
import { DomainError } from '../shared/domain-error.js';

export const connectorErrors = {
  unauthenticated: () => new DomainError('unauthenticated', 'unauthenticated', 'Sign in to connect your sources.'),
  unknownConnector: () => new DomainError('not_found', 'connector_not_found', 'There is no such connector.'),
  notConfigured: (label: string) =>
    new DomainError('unavailable', 'connector_not_configured', `${label} is not set up on this server: an administrator has to add its OAuth client first.`),
  enterpriseOnly: (label: string) =>
    new DomainError('forbidden', 'connector_enterprise_only', `${label} is available to members of an Enterprise organisation.`),
  notAnOrgManager: () => new DomainError('forbidden', 'connector_org_forbidden', "Only your organisation's owners and admins connect its sources."),
  noOrganisation: () => new DomainError('forbidden', 'connector_no_organisation', 'You are not in an organisation.'),
  connectionNotFound: () => new DomainError('not_found', 'connection_not_found', 'This connection does not exist.'),
  // The seed's toast for a failed connection start; a cancel at the provider is not an error.
  startFailed: () => new DomainError('unprocessable', 'connection_start_failed', 'Unable to start connection.'),
  flowExpired: () => new DomainError('invalid', 'connection_flow_invalid', 'This connection attempt is no longer valid. Start it again from Connectors.'),
  providerNotResponding: (label: string) => new DomainError('unavailable', 'connector_not_responding', `${label} is not responding. Please try again later.`),
  notAFileConnector: (label: string) => new DomainError('invalid', 'not_a_file_connector', `${label} connects by authentication: it has no files to pick.`),
  notInSpaces: (label: string) => new DomainError('invalid', 'connector_not_in_spaces', `${label} is not available in Spaces.`),
  nothingPicked: () => new DomainError('invalid', 'nothing_picked', 'Pick at least one file or folder to sync.'),
  badCursor: () => new DomainError('invalid', 'invalid_cursor', 'This page cursor is not valid. Start from the first page.'),
  unknownConnectionType: () => new DomainError('invalid', 'unknown_connection_type', 'There is no such connection type.'),
};
