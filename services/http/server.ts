// The Express app: edge protections, the contract validator, the spec's routes, the docs and
// the built web app. Routes not in the spec answer 404.
import express, { type RequestHandler } from 'express';
import { pinoHttp } from 'pino-http';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { KernelContext } from '../shared/context.js';
import { contractOptions, contractValidator } from './contract-validator.js';
import { errorHandler } from './problem-mapping.js';
import { dispatch } from './dispatch.js';
import { queryConverter } from './query-types.js';
import { createLocalBucketRouter } from './local-bucket-router.js';
import type { Handler, Routes } from './handler.js';
import type { OperationId } from './operations.js';
import { HttpProblem } from './problem.js';
import type { SignInGuard } from '../shared/sign-in-guard.js';
import {
  accountLimiters,
  bugReportLimiters,
  codeCheckLimiters,
  downloadMailLimiters,
  signInLimiters,
  signInStepLimiters,
  signUpLimiters,
} from './rate-limits.js';
import { sameOriginWrites, visitorCookie } from './security.js';
import { promotionCookie } from './promotion-cookie.js';
import { securityHeaders } from './security-headers.js';
import { isApiPath, loadSpec, operationsOf, SPEC_PATH, toExpressPath } from './spec.js';
import { wellFormedText } from './well-formed-text.js';
import { wholeNumberQueries } from './whole-numbers.js';

/** Calls whose handler verifies a signature over the raw body. */
const RAW_BODY_PATHS = new Set(['/rest/stripe/webhook', '/rest/shopping/stripe-webhook']);

/** `validate: false` is for the validation-cost benchmark only; the running app always validates. */
export function createApp<Ctx extends KernelContext>(ctx: Ctx, routes: Partial<Routes<Ctx>>, opts: { validate?: boolean; signInGuard?: SignInGuard } = {}) {
  const spec = loadSpec();
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');

  app.use(
    pinoHttp({
      logger: ctx.logger,
      genReqId: (req, res) => {
        const incoming = req.headers['x-request-id'];
        const id = typeof incoming === 'string' && /^[\w.-]{1,64}$/.test(incoming) ? incoming : randomUUID();
        res.setHeader('x-request-id', id);
        return id;
      },
      autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/readyz' },
    }),
  );
  app.use((_req, res, next) => {
    res.setHeader('x-content-type-options', 'nosniff');
    res.setHeader('referrer-policy', 'strict-origin-when-cross-origin');
    next();
  });
  app.use(securityHeaders(ctx.config));
  app.use(visitorCookie(ctx.config.publicUrl.startsWith('https://')));
  app.use(sameOriginWrites(ctx.config.trustedOrigins));
  app.use(promotionCookie(ctx.config.publicUrl.startsWith('https://'), isApiPath));

  app.get('/api/openapi.json', (_req, res) => res.sendFile(SPEC_PATH));
  app.get('/api/docs', (_req, res) => {
    const docs = join(ctx.config.webDist, '..', 'api-docs.html');
    if (existsSync(docs)) res.sendFile(docs);
    else res.status(503).type('text/plain').send('API docs are not built yet: run `make build`.');
  });
  // The browser extension for the agent (extension/README.md), to load unpacked; built by `make build`.
  app.get('/extension.zip', (_req, res) => {
    const zip = join(ctx.config.webDist, '..', 'extension.zip');
    if (existsSync(zip)) res.setHeader('cache-control', 'no-cache').download(zip, 'answer-engine-extension.zip');
    else res.status(503).type('text/plain').send('The browser extension is not built yet: run `make build`.');
  });

  // The local bucket (when files are not in S3): S3's browser-upload POST and signed GETs.
  if (ctx.storage.localBucket) app.use('/storage', createLocalBucketRouter(ctx.storage.localBucket));

  app.use(
    express.json({
      limit: '1mb',
      type: ['application/json', 'application/*+json'],
      // A webhook's signature is over the bytes as sent: keep them for the calls that verify one.
      verify: (req, _res, buf) => {
        if (RAW_BODY_PATHS.has((req as { path?: string }).path ?? '')) (req as { rawBody?: Buffer }).rawBody = Buffer.from(buf);
      },
    }),
  );
  app.use(wellFormedText());
  if (opts.validate !== false) {
    app.use(contractValidator(contractOptions(spec, ctx.config.validateResponses)));
    app.use(wholeNumberQueries(spec));
  }

  const limits: Record<string, RequestHandler[]> = {
    signInEmail: signInLimiters(ctx.config.signInRateLimit, opts.signInGuard),
    signUpEmail: signUpLimiters(ctx.config.signInRateLimit),
    sendVerificationEmail: accountLimiters(ctx.config.signInRateLimit),
    verifyEmail: accountLimiters(ctx.config.signInRateLimit * 3),
    requestPasswordReset: accountLimiters(ctx.config.signInRateLimit),
    resetPassword: accountLimiters(ctx.config.signInRateLimit * 3),
    changePassword: accountLimiters(ctx.config.signInRateLimit * 3),
    setPassword: accountLimiters(ctx.config.signInRateLimit * 3),
    changeEmail: accountLimiters(ctx.config.signInRateLimit),
    setAccountUsername: accountLimiters(ctx.config.signInRateLimit * 3),
    checkPartnerDiscountCode: codeCheckLimiters(),
    verifyTwoFactor: signInStepLimiters(ctx.config.signInRateLimit),
    enableTwoFactor: accountLimiters(ctx.config.signInRateLimit * 3),
    confirmTwoFactor: accountLimiters(ctx.config.signInRateLimit * 3),
    disableTwoFactor: accountLimiters(ctx.config.signInRateLimit * 3),
    regenerateBackupCodes: accountLimiters(ctx.config.signInRateLimit * 3),
    signInSocial: signInStepLimiters(ctx.config.signInRateLimit),
    oauthCallback: signInStepLimiters(ctx.config.signInRateLimit),
    signInSso: signInStepLimiters(ctx.config.signInRateLimit),
    ssoCallback: signInStepLimiters(ctx.config.signInRateLimit),
    deleteAccount: accountLimiters(ctx.config.signInRateLimit * 3),
    sendBrowserDownloadEmail: downloadMailLimiters(ctx.config.downloadMailRateLimit),
    submitBugReport: bugReportLimiters(ctx.config.bugReportRateLimit),
  };

  for (const op of operationsOf(spec)) {
    const handler = routes[op.operationId as OperationId] as Handler<OperationId, Ctx> | undefined;
    if (!handler) throw new Error(`No handler for operation ${op.operationId} (${op.method.toUpperCase()} ${op.path})`);
    const chain = limits[op.operationId] ?? [];
    (app as unknown as Record<string, (p: string, ...h: RequestHandler[]) => void>)[op.method](
      toExpressPath(op.path),
      ...chain,
      dispatch(handler, ctx, queryConverter(spec, op.path, op.method)),
    );
  }

  app.use((req, _res, next) => (isApiPath(req.path) ? next(new HttpProblem(404, 'not_found', `No route ${req.method} ${req.path}.`)) : next()));
  app.use(express.static(ctx.config.webDist, { index: false, maxAge: '1h' }));
  app.get(/.*/, (_req, res) => {
    const index = join(ctx.config.webDist, 'index.html');
    if (existsSync(index)) res.setHeader('cache-control', 'no-cache').sendFile(index);
    else res.status(503).type('text/plain').send('The web app is not built yet: run `make build`.');
  });
  app.use((req, _res, next) => next(new HttpProblem(404, 'not_found', `No route ${req.method} ${req.path}.`)));
  app.use(errorHandler(ctx.logger));
  return app;
}
