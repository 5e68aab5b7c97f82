import type { Request, Response } from 'express';
import type { AppContext } from './context.js';

/** A route handler, keyed by the spec's operationId. Parse, call one use case, map the result. */
export type Handler = (req: Request, res: Response, ctx: AppContext) => Promise<void>;
export type Routes = Record<string, Handler>;
