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
import { Lifecycle } from './http/lifecycle';
import { createMetrics, type Metrics, measureRequests, metricsServer } from './http/metrics';
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
import { adminTeamOperations } from './modules/admins/admin-team';
import { approvalOperations } from './modules/approvals/approval-operations';
import { postingOperations } from './modules/approvals/posting-operations';
import { teamChangeOperations } from './modules/approvals/team-operations';
import { walletChangeOperations } from './modules/approvals/wallet-operations';
import { bearerAuth } from './modules/auth/access';
import { accountSecurityOperations } from './modules/auth/account-sessions';
import { authOperations } from './modules/auth/auth';
import { failedSignIns } from './modules/auth/failed-sign-ins';
import { secretBox } from './modules/auth/sealed-secrets';
import { revocationEnds, SessionChecks, sessionRevocationsChannel } from './modules/auth/sessions';
import { twoFactorOperations } from './modules/auth/two-factor';
import { withdrawalAddressOperations } from './modules/auth/withdrawal-addresses';
import { eventOperations } from './modules/events/events';
import { LiveEventHub } from './modules/events/hub';
import { eventAnnouncer, liveEventsChannel } from './modules/events/live-events';
import { EventStreams } from './modules/events/streams';
import { fileOperations } from './modules/files/files';
import { type UploadStorage, uploadStorage } from './modules/files/storage';
import { kycOperations } from './modules/kyc/kyc';
import { marketOperations } from './modules/market/market';
import { depositOperations } from './modules/money/deposits';
import { historyOperations } from './modules/money/history';
import { referralOperations } from './modules/money/referrals';
import { withdrawalCancelOperations } from './modules/money/withdrawal-cancel';
import { withdrawalOperations } from './modules/money/withdrawals';
import { contactOperations } from './modules/public/contact';
import { health, healthOperations } from './modules/public/health';
import { newsletterOperations } from './modules/public/newsletter';
import { readinessOperations } from './modules/public/readiness';
import { whatsappOperations } from './modules/public/whatsapp';
import { adminDeskOperations } from './modules/trading/admin-desk';
import { adminFundOperations } from './modules/trading/admin-funds';
import { appropriatenessOperations } from './modules/trading/appropriateness';
import { backtestOperations } from './modules/trading/backtests';
import { balanceHistoryOperations } from './modules/trading/balance-history';
import { coolingOffOperations } from './modules/trading/cooling-off';
import { fundFillOperations } from './modules/trading/fund-fills';
import { tradingOperations } from './modules/trading/trading';
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
  /** Milliseconds between an event stream's heartbeats (15 s); tests shorten it. */
  eventHeartbeatMs?: number;
  /**
   * Where uploads are kept; its owner closes it. By default the store the configuration names,
   * closed with the app.
   */
  storage?: UploadStorage;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Work still running after its answer (reset mail); tests wait on it, `close()` does too. */
    deferred: DeferredWork;
    /** The instance's stop: `main.ts` begins it on SIGTERM; `close()` begins it too. */
    lifecycle: Lifecycle;
    /** This app's metrics (`Services` carries them to the modules). */
    metrics: Metrics;
    /**
     * The server of `GET /metrics`, made when `METRICS_PORT` is set: `main.ts` starts it on that port;
     * it closes with the app.
     */
    metricsServer: FastifyInstance | null;
    /** This instance's live events and the streams open on it. */
    liveEvents: { hub: LiveEventHub; streams: EventStreams };
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
  storage: givenStorage,
  eventHeartbeatMs,
}: AppOptions): Promise<FastifyInstance> {
  // The start (`main.ts`) gives the key, from SECRETS_KEY or DATA_DIR; an app without one could
  // neither seal nor read two-factor secrets.
  if (!config.SECRETS_KEY) throw new Error('SECRETS_KEY is not set: the key that seals two-factor secrets');
  const secrets = secretBox(config.SECRETS_KEY);
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
    // While the instance stops, a request that still reaches it on an open connection is answered,
    // not refused: readiness says it is stopping, anything else is served as usual.
    return503OnClosing: false,
    // close() closes kept-alive connections idle at that moment; the onResponse hook below, the others.
    forceCloseConnections: 'idle',
  });
  app.setValidatorCompiler(validatorCompiler);
  // Answers are plain JSON: the contract is checked in tests, not enforced by a lossy serializer.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  app.setErrorHandler(handleError);
  app.decorateRequest('account', null);

  const metrics = createMetrics(database.poolClients);
  measureRequests(app, metrics);
  app.decorate('metrics', metrics);
  // Metrics are never served on the site's port; without METRICS_PORT they are not served at all.
  const metricsEndpoint = config.METRICS_PORT === undefined ? null : metricsServer(metrics);
  app.decorate('metricsServer', metricsEndpoint);

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
  const lifecycle = new Lifecycle(app.log);
  app.decorate('lifecycle', lifecycle);
  const storage = givenStorage ?? uploadStorage(config);
  const mailer = createMailer({ config, db: database.db, announce: announceOutbox });
  const attempts = attemptCounter(redis);
  const services: Services = {
    config,
    db: database.db,
    mailer,
    deferred,
    attempts,
    failedSignIns: failedSignIns(attempts),
    storage,
    lifecycle,
    metrics,
    sessionChecks: new SessionChecks(),
    announceEvents: eventAnnouncer(database.db),
    secrets,
  };

  // What any instance raises (an event, a revoked session) reaches every instance through the
  // database's notifications, heard on a connection of this instance's own.
  const liveEventHub = new LiveEventHub(database.db, app.log);
  const eventStreams = new EventStreams();
  app.decorate('liveEvents', { hub: liveEventHub, streams: eventStreams });
  const listener = await database.listen?.([liveEventsChannel, sessionRevocationsChannel], {
    notified(channel, payload) {
      if (channel === liveEventsChannel) liveEventHub.notified(payload);
      if (channel !== sessionRevocationsChannel) return;
      const revocation = services.sessionChecks.heard(payload);
      // A revoked session's streams end at once, wherever they are open.
      if (revocation) eventStreams.endWhere((stream) => revocationEnds(revocation, stream));
    },
    reconnected() {
      // Revocations made while the connection was down were never heard: nothing checked is kept.
      services.sessionChecks.clear();
      liveEventHub.catchUp().catch((error: unknown) => {
        app.log.error({ err: error }, 'live events missed while the database was away could not be read');
      });
    },
    failed: (error) => app.log.warn({ err: error }, 'the database notifications connection failed; retrying'),
  });
  await liveEventHub.start();

  /** Every operation of the contract, by operationId; each resource module brings its own. */
  const operations: OperationTable = {
    ...authOperations(services),
    ...twoFactorOperations(services),
    ...accountSecurityOperations(services),
    ...userInfoOperations(services),
    ...contactOperations(services),
    ...newsletterOperations(services),
    ...whatsappOperations(config),
    ...healthOperations(database.db),
    ...readinessOperations(services),
    ...marketOperations(config),
    ...fileOperations(services),
    ...kycOperations(services),
    ...walletOperations(services),
    ...depositOperations(services),
    ...withdrawalOperations(services),
    ...withdrawalCancelOperations(services),
    ...withdrawalAddressOperations(services),
    ...historyOperations(services),
    ...referralOperations(services),
    ...adminUserOperations(services),
    ...postingOperations(services),
    ...walletChangeOperations(services),
    ...approvalOperations(services),
    ...adminTeamOperations(services),
    ...teamChangeOperations(services),
    ...auditLogOperations(services),
    ...adminSummaryOperations(services),
    ...tradingOperations(services),
    ...appropriatenessOperations(services),
    ...coolingOffOperations(services),
    ...adminDeskOperations(services),
    ...balanceHistoryOperations(services),
    ...adminFundOperations(services),
    ...fundFillOperations(services),
    ...backtestOperations(services),
    ...eventOperations(services, { hub: liveEventHub, streams: eventStreams, heartbeatMs: eventHeartbeatMs }),
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

  // The stop begins when the app closes, if `main.ts` has not begun it already.
  app.addHook('preClose', async () => lifecycle.beginStop());
  // A connection whose request was in flight when the stop began is kept alive after its answer,
  // and would hold close() until its keep-alive timeout: once the stop has begun, each answer sent
  // closes the connections then idle, its own included.
  app.addHook('onResponse', async () => {
    if (lifecycle.isStopping) app.server.closeIdleConnections();
  });

  app.addHook('onClose', async () => {
    // Mail promised in an answer is sent before the process goes.
    await deferred.settled();
    mailer.close();
    await redis?.quit().catch(() => undefined);
    if (!givenStorage) storage.close();
    await metricsEndpoint?.close();
    liveEventHub.stop();
    await listener?.close();
  });

  return app;
}
