// What the upsells domain needs beyond the kernel: the server's secret, which keys the instance
// identifiers served to each caller.
import type { KernelContext } from '../shared/context.js';

export type UpsellsContext = KernelContext & { upsellSecret: string };
