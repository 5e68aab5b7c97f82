// Every error text of the in-browser agent (seed 003 §8), verbatim: the replies the extension gives
// the server carry these in `error`, and the server shows them to the person and the model.
export type FailedVerb = 'click' | 'type' | 'scroll' | 'press key' | 'drag' | 'set value';

export const TEXTS = {
  noMethod: 'No method specified in RPC request',
  unknownMethod: (method: string) => `Unknown method: ${method}`,
  textRequiredForType: 'Text is required for type action',
  textRequiredForKey: 'Text is required for key action',
  unknownAction: 'Unknown action',
  failed: (verb: FailedVerb, reason: string) => `Failed to ${verb}: ${reason}`,
  notFound: 'not found',
  invisible: 'invisible',
  notEditable: 'not editable',
  noElementWithReference: (ref: string) => `No element found with reference ${ref}`,
  beforeInputPrevented: 'beforeinput event was prevented',
  startElementNotFound: 'start element not found',
  screenshotLoadFailed: 'Failed to load screenshot image',
  screenshotTimedOut: 'Screenshot timed out',
  proxyError: 'Proxy error.',
  taskStartFailure: 'Agent task start failure.',
  taskFailure: 'Agent task failure.',
} as const;

/** A failure inside a page or a tab, carrying the reason that goes after "Failed to …: ". */
export class AgentFailure extends Error {}
