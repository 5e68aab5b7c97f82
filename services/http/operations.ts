// The spec's operations as types, keyed by operationId: `make generate` writes the map from each
// operationId to its hey-api `<Op>Data` and `<Op>Responses` (generated/sdk/operations.gen.ts),
// so a new operation in spec/ needs nothing written by hand here.
import type { Operations } from '../../generated/sdk/operations.gen.js';

export type OperationId = keyof Operations;

/** `<Op>Data`: the operation's body, path, query (and header) parameters. */
export type DataOf<Op extends OperationId> = Operations[Op]['data'];

/** `<Op>Responses`: each success status and its body. */
export type ResponsesOf<Op extends OperationId> = Operations[Op]['responses'];
