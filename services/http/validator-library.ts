// express-openapi-validator's own pieces (its spec loader, route context, request and response
// validators, error classes), reached inside the package: the contract validator builds them
// once and runs them in one synchronous chain (contract-validator.ts), where the package's
// default middleware runs six asynchronous ones a request. Only what we call is typed here.
import type { Application, RequestHandler } from 'express';
import { createRequire } from 'node:module';
import { rememberResponseContent } from './remembered-response-content.js';

const inPackage = createRequire(createRequire(import.meta.url).resolve('express-openapi-validator'));

export type ValidatorOptions = Record<string, unknown> & { apiSpec: unknown };

/** One route of the document as the package lists it (sorted: literal paths before parameters). */
export type LibraryRoute = { basePath: string; expressRoute: string; openApiRoute: string; method: string; pathParams: string[] };
export type LoadedSpec = { apiDoc: ApiDoc; basePaths: string[]; routes: LibraryRoute[]; serial: number };
export type ApiDoc = { paths: Record<string, Record<string, unknown>>; components?: Record<string, unknown> };

export type RouteContext = {
  apiDoc: ApiDoc;
  routes: LibraryRoute[];
  serial: number;
  ignoreUndocumented: boolean;
  useRequestUrl: boolean;
  expressRouteMap: Record<string, { basePath: string; _openApiRoute: string; _expressRoute: string }>;
  openApiRouteMap: Record<string, Record<string, unknown>>;
  shouldIgnoreRoute(path: string): boolean;
  isManagedRoute(path: string): boolean;
};

type OpenApiValidatorInstance = {
  options: { validateResponses: unknown; ignorePaths: unknown; ignoreUndocumented: boolean; useRequestUrl: boolean; $refParser: unknown };
  ajvOpts: { preprocessor: unknown };
  installPathParams(app: Application, context: RouteContext): void;
  requestValidationMiddleware(apiDoc: ApiDoc): RequestHandler;
  responseValidationMiddleware(apiDoc: ApiDoc, serial: number): RequestHandler;
};

export type HttpErrorClass = new (err: { path: string; message: string; headers?: Record<string, string> }) => Error;

type SpecLoaderClass = new (opts: {
  apiDoc: unknown;
  validateApiSpec: unknown;
  $refParser: unknown;
}) => {
  load(): Promise<LoadedSpec>;
  framework: { loadSpec(apiDoc: unknown): Promise<unknown> };
};

/**
 * The package's spec loader without its bundling of the document's $refs (json-schema-ref-parser),
 * about a tenth of a server start's CPU: the generated spec is one document already, which
 * bundling leaves as it is (spec-bundled.test.ts), so it is taken as it is.
 */
function unbundled(Loader: SpecLoaderClass): SpecLoaderClass {
  return class extends Loader {
    constructor(opts: ConstructorParameters<SpecLoaderClass>[0]) {
      super(opts);
      this.framework.loadSpec = async (apiDoc) => apiDoc;
    }
  };
}

// The response check's choice of media type, remembered (remembered-response-content.ts).
rememberResponseContent(inPackage('./middlewares/util'));

export const library = {
  OpenApiValidator: (inPackage('./openapi.validator') as { OpenApiValidator: new (options: ValidatorOptions) => OpenApiValidatorInstance }).OpenApiValidator,
  OpenApiSpecLoader: unbundled(
    (
      inPackage('./framework/openapi.spec.loader') as {
        OpenApiSpecLoader: SpecLoaderClass;
      }
    ).OpenApiSpecLoader,
  ),
  OpenApiContext: (
    inPackage('./framework/openapi.context') as {
      OpenApiContext: new (spec: LoadedSpec, ignorePaths: unknown, ignoreUndocumented: boolean, useRequestUrl: boolean) => RouteContext;
    }
  ).OpenApiContext,
  SchemaPreprocessor: (
    inPackage('./middlewares/parsers/schema.preprocessor') as {
      SchemaPreprocessor: new (apiDoc: ApiDoc, ajvOpts: unknown, resOpts: unknown) => { preProcess(): { apiDocRes: ApiDoc | null } };
    }
  ).SchemaPreprocessor,
  httpMethods: (inPackage('./middlewares/parsers/schema.preprocessor') as { httpMethods: Set<string> }).httpMethods,
  errors: inPackage('./framework/types') as { MethodNotAllowed: HttpErrorClass; NotFound: HttpErrorClass; BadRequest: HttpErrorClass },
};
