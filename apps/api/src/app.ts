import multipart from '@fastify/multipart';
import type { OperationId } from '@ledgerline/api-client/contract';
import Fastify, {
  type FastifyInstance,
  type FastifyServerOptions,
  type RouteHandlerMethod,
  type RouteOptions,
} from 'fastify';
import openapiGlue from 'fastify-openapi-glue';
import type { Config } from './config/config';
import type { DatabaseHandle } from './db/database';
import { attemptCounter } from './http/attempts';
import { refuseResponseOnlyMediaTypes, refuseUndeclaredMediaTypes } from './http/content-types';
import { apiPrefix, loadContract } from './http/contract';
import { DeferredWork } from './http/deferred-work';
import { answerRouterError, handleError } from './http/errors';
import type { OperationTable } from './http/operations';
import { registerRateLimits } from './http/rate-limits';
import { logSecurityEvents } from './http/security-events';
import { addSecurityHeaders } from './http/security-headers';
import { loadSite, serveSite } from './http/site';
import { validatorCompiler } from './http/validation';
import { createMailer, type OutboxAnnouncer } from './mail/mailer';
import { auditLogOperations } from './modules/admin/audit-log';
import { adminSummaryOperations } from './modules/admin/summary';
import { adminUserOperations } from './modules/admin/users';
import { bearerAuth } from './modules/auth/access';
import { authOperations } from './modules/auth/auth';
import { failedSignIns } from './modules/auth/failed-sign-ins';
import { fileOperations } from './modules/files/files';
import { kycOperations } from './modules/kyc/kyc';
import { marketOperations } from './modules/market/market';
import { depositOperations } from './modules/money/deposits';
import { historyOperations } from './modules/money/history';
import { referralOperations } from './modules/money/referrals';
import { withdrawalOperations } from './modules/money/withdrawals';
import { contactOperations } from './modules/public/contact';
import { health, healthOperations } from './modules/public/health';
import { newsletterOperations } from './modules/public/newsletter';
import { whatsappOperations } from './modules/public/whatsapp';
import { userInfoOperations } from './modules/users/user-info';
import { walletOperations } from './modules/wallets/wallets';
import type { Services } from './services';

export { apiPrefix } from './http/contract';

export type AppOptions = {
  config: Config;
  /** The migrated database; its owner closes it after the app. */
  database: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
  /** Where outbox mail is announced (no SMTP_URL); the console by default. */
  announceOutbox?: OutboxAnnouncer;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Work still running after its answer (reset mail); tests wait on it, `close()` does too. */
    deferred: DeferredWork;
  }
}

/** Believes the `count` hops nearest the server (hop 0 is the socket's peer). */
function nearestHops(count: number) {
  return (_address: string, hop: number) => hop < count;
}

/** Builds the whole server: the v1 API from the contract, and the built site on the same origin. */
export async function buildApp({
  config,
  database,
  logger = false,
  announceOutbox,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    // Request ids travel in the logs; a client-sent id is never trusted.
    genReqId: () => crypto.randomUUID(),
    bodyLimit: 64 * 1024,
    // Path parameters are validated by the contract (a malformed id is a 400 naming it); the router's
    // own 100-character limit would answer a bare 414 first.
    routerOptions: { maxParamLength: 8192 },
    // What the router refuses before any route (a longer parameter, a malformed escape) answers
    // `{ msg }` like everything else.
    frameworkErrors: (error, _request, reply) => answerRouterError(error, reply),
    // Behind load balancers, the client's address (for rate limits) is in X-Forwarded-For: believed
    // only from as many hops as there are proxies, or from the proxies' own addresses.
    trustProxy: typeof config.TRUST_PROXY === 'number' ? nearestHops(config.TRUST_PROXY) : config.TRUST_PROXY,
  });
  app.setValidatorCompiler(validatorCompiler);
  // Answers are plain JSON: the contract is checked in tests, not enforced by a lossy serializer.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  app.setErrorHandler(handleError);
  app.decorateRequest('account', null);

  const site = loadSite(config.SITE_DIR);

  addSecurityHeaders(app, config, site?.scriptHashes ?? []);
  logSecurityEvents(app);

  const redis = await registerRateLimits(app, config);

  // The profile form is multipart; its handler reads it part by part (uploads come in part 2).
  await app.register(multipart, {
    limits: { fields: 20, fieldNameSize: 100, fieldSize: 16 * 1024, files: 1, fileSize: 1024, parts: 21 },
  });
  refuseUndeclaredMediaTypes(app);
  const contract = loadContract();
  refuseResponseOnlyMediaTypes(app, contract);

  const deferred = new DeferredWork(app.log);
  app.decorate('deferred', deferred);
  const mailer = createMailer({ config, db: database.db, announce: announceOutbox });
  const attempts = attemptCounter(redis);
  const services: Services = {
    config,
    db: database.db,
    mailer,
    deferred,
    attempts,
    failedSignIns: failedSignIns(attempts),
  };

  /** Every operation of the contract, by operationId; each resource module brings its own. */
  const operations: OperationTable = {
    ...authOperations(services),
    ...userInfoOperations(services),
    ...contactOperations(services),
    ...newsletterOperations(services),
    ...whatsappOperations(config),
    ...healthOperations(database.db),
    ...marketOperations(config),
    ...fileOperations(services),
    ...kycOperations(services),
    ...walletOperations(services),
    ...depositOperations(services),
    ...withdrawalOperations(services),
    ...historyOperations(services),
    ...referralOperations(services),
    ...adminUserOperations(services),
    ...auditLogOperations(services),
    ...adminSummaryOperations(services),
  };
  const isOperationId = (id: string): id is OperationId => Object.hasOwn(operations, id);
  await app.register(openapiGlue, {
    specification: contract,
    prefix: apiPrefix,
    operationResolver: (operationId: string) => {
      // The table's type holds every operationId of the generated types; this catches a contract
      // changed without regenerating them.
      if (!isOperationId(operationId))
        throw new Error(`No implementation for the contract's operation ${operationId}`);
      const operation = operations[operationId];
      // The glue adds the method, the URL, the schemas and the security check to these options. It
      // validates every request against the contract the handler's types come from, so the handler
      // sees its parameters and body as typed.
      const routeOptions: Partial<RouteOptions> = {
        handler: operation.handler as RouteHandlerMethod,
        config: { operationId, ...(operation.rateLimit ? { rateLimit: operation.rateLimit } : {}) },
      };
      return routeOptions as RouteOptions;
    },
    securityHandlers: { bearerAuth: bearerAuth(services) },
  });

  // For load balancers and orchestrators, outside the versioned API.
  app.get('/healthz', () => health(database.db));

  await serveSite(app, site);

  app.addHook('onClose', async () => {
    // Mail promised in an answer is sent before the process goes.
    await deferred.settled();
    mailer.close();
    await redis?.quit().catch(() => undefined);
  });

  return app;
}
