// What the browser shares with the server of the connectors: the registry (names, kinds, the
// enable modal's texts) and the connector-id rule.
export {
  CONNECTOR_NAMES,
  CONNECTOR_PICK_EXTENSIONS,
  CONNECTORS,
  connectorInfo,
  FILE_CONNECTORS,
  isConnectionUuid,
  type ConnectorInfo,
  type ConnectorKind,
  type ConnectorName,
} from './registry.js';
export { sitePath } from './return-path.js';
export { AVAILABILITY_CONNECTOR, CALENDAR_CONNECTORS, isCalendarConnector } from './calendar-connectors.js';
export { decideConnectStart, decideDelete, decideDisconnect, decideEstablish, mayManage, mayView } from './decide.js';
export { connectorErrors } from './errors.js';
export { connectorView, connectionView } from './views.js';
export { CALENDAR_READONLY, CONNECTOR_PERMISSIONS, type ConnectorPermission, GMAIL_READONLY, missingPermissions } from './permissions.js';
export { boxPickerKey, type BoxPickerKey } from './adapters/box-picker-rule.js';
