// The contract check of every API request (and, where configured, response), by
// express-openapi-validator's own request and response validators, built once and run as one
// synchronous chain. The package's default middleware is six middlewares, each waiting on a
// promise at every request, and among them security and multipart checks this API does not use
// through it (no multipart bodies; sign-in is checked by the handlers): the package added 45 µs
// of CPU to GET /rest/session, this chain 17 µs (tests/bench/session.ts). The answers are the
// package's own: contract-validator.differential.test.ts compares both on every operation.
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { operationLookup } from './operation-lookup.js';
import { settleUrlParseDeprecation } from './settle-url-parse.js';
import { library, type ValidatorOptions } from './validator-library.js';
import { isApiPath } from './spec.js';

/** The options the app validates with; the differential test gives the same to the package's default middleware. */
export function contractOptions(spec: unknown, validateResponses: boolean): ValidatorOptions {
  return {
    apiSpec: structuredClone(spec),
    // The spec is checked once, when it is built (`make generate` runs redocly lint), not at
    // each start: checking it against OpenAPI's own schema took about 140 ms of every start.
    validateApiSpec: false,
    validateRequests: { allowUnknownQueryParameters: false, coerceTypes: false },
    validateResponses: validateResponses ? { removeAdditional: false } : false,
    validateSecurity: false,
    ignoreUndocumented: false,
    ignorePaths: (path: string) => !isApiPath(path) || path === '/api/openapi.json' || path === '/api/docs',
  };
}

type Step = (req: Request, res: Response, next: NextFunction) => unknown;

export function contractValidator(options: ValidatorOptions): RequestHandler {
  settleUrlParseDeprecation();
  const validator = new library.OpenApiValidator(options);
  const built = new library.OpenApiSpecLoader({
    apiDoc: structuredClone(options.apiSpec),
    validateApiSpec: options.validateApiSpec,
    $refParser: validator.options.$refParser,
  })
    .load()
    .then((spec) => {
      // In the package's order: the response copy of the document is made before the context.
      const responseApiDoc = new library.SchemaPreprocessor(spec.apiDoc, validator.ajvOpts.preprocessor, validator.options.validateResponses).preProcess()
        .apiDocRes;
      const context = new library.OpenApiContext(spec, validator.options.ignorePaths, validator.options.ignoreUndocumented, validator.options.useRequestUrl);
      return {
        context,
        lookUp: operationLookup(context, responseApiDoc),
        checkRequest: validator.requestValidationMiddleware(context.apiDoc) as Step,
        checkResponse: validator.options.validateResponses ? (validator.responseValidationMiddleware(responseApiDoc!, context.serial) as Step) : null,
      };
    });
  let chain: Awaited<typeof built> | undefined;
  let pathParamsInstalled = false;

  function run(c: NonNullable<typeof chain>, req: Request, res: Response, next: NextFunction) {
    try {
      // As the package does on its first request: path parameters as the contract decodes them.
      if (!pathParamsInstalled) {
        validator.installPathParams(req.app, c.context);
        pathParamsInstalled = true;
      }
      c.lookUp(req);
      passOrThrow(c.checkRequest, req, res, next);
      // The response check wraps res.json now and refuses later, when the handler answers: a
      // refusal then goes on to the error handlers through this layer's next, as the package's does.
      if (c.checkResponse) passOrThrow(c.checkResponse, req, res, next);
    } catch (err) {
      return next(err);
    }
    next();
  }

  return function checkContract(req, res, next) {
    if (chain) return run(chain, req, res, next);
    built.then((c) => run((chain = c), req, res, next), next);
  };
}

/**
 * The package's validators pass by calling next() before they return, and refuse by throwing;
 * a call after they returned (the response check's) is the layer's own.
 */
function passOrThrow(step: Step, req: Request, res: Response, later: NextFunction) {
  let returned = false;
  let passed = false;
  let failure: unknown;
  step(req, res, (err?: unknown) => {
    if (returned) return later(err);
    passed = true;
    failure = err;
  });
  returned = true;
  if (failure) throw failure;
  if (!passed) throw new Error('the contract validator neither passed nor refused the request');
}
