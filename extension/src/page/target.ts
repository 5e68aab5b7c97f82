// What an action points at: an element by ReadPage's number or reference, or a point in the viewport.
import type { Target as ProtocolTarget } from '../../../generated/agent/messages.gen';

export type Target = ProtocolTarget;
