import Fastify, { type FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolClients } from '../db/database';

/**
 * The process's own figures (CPU, memory, event-loop lag, garbage collection, handles), in a registry
 * of their own made once per process: they describe the process, not an app, and prom-client's
 * collectors (an event-loop delay monitor, a GC observer) cannot be stopped, so each app built in
 * one process (tests build many) shares them rather than adding its own.
 */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** A review of a request by an admin that changed it, as counted in `ledgerline_reviews_total`. */
export type ReviewKind = 'deposit' | 'withdrawal' | 'kyc';
/**
 * `first_approved`: the first of the two approvals a large withdrawal needs (it stays pending);
 * `approved`: the request is approved (for a withdrawal, paid out).
 */
export type ReviewOutcome = 'approved' | 'first_approved' | 'rejected';

/**
 * What one app counts, in its own registry (never prom-client's global one, so any number of apps can
 * be built in one process). Served as Prometheus text by `serveMetrics`, never on the site's port.
 */
export type Metrics = {
  registry: Registry;
  /** Seconds from a request's arrival to its answer, by method, route pattern and status code. */
  requestDuration: Histogram<'method' | 'route' | 'status_code'>;
  /** Reviews that changed a request; counted after their transaction commits, once per change. */
  reviews: Counter<'kind' | 'outcome'>;
  /** Profit, bonus and adjustment postings by an admin, counted once each (never an idempotent replay). */
  ledgerPostings: Counter<'kind'>;
  /**
   * Event streams (`GET /api/v1/events`) open on this instance: the stream's handler calls `inc()`
   * when a stream opens and `dec()` once when it closes, whichever side closes it.
   */
  openEventStreams: Gauge;
  /** The exposition: this app's metrics and the process's, as Prometheus text. */
  exposition(): Promise<{ contentType: string; text: string }>;
};

/** The route label of a request that matched no route: one value, whatever URL was asked for. */
export const unmatchedRoute = 'unmatched';

/**
 * Makes an app's metrics. `poolClients` reads the PostgreSQL pool at each scrape; without it (PGlite:
 * one embedded connection in this process, no pool, no waiting for a client) no pool gauges are made.
 */
export function createMetrics(poolClients?: () => PoolClients): Metrics {
  const registry = new Registry();
  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Seconds from a request to its answer, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const reviews = new Counter({
    name: 'ledgerline_reviews_total',
    help: 'Reviews of deposits, withdrawals and KYC requests that changed the request, by kind and outcome.',
    labelNames: ['kind', 'outcome'] as const,
    registers: [registry],
  });
  const ledgerPostings = new Counter({
    name: 'ledgerline_ledger_postings_total',
    help: 'Ledger postings made by admins (profit, bonus, adjustment), by kind.',
    labelNames: ['kind'] as const,
    registers: [registry],
  });
  const openEventStreams = new Gauge({
    name: 'ledgerline_open_event_streams',
    help: 'Event streams open on this instance.',
    registers: [registry],
  });
  if (poolClients) {
    const poolGauge = (name: string, help: string, read: (clients: PoolClients) => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read(poolClients()));
        },
      });
    poolGauge('ledgerline_db_pool_clients', 'PostgreSQL clients in the pool, busy or idle.', (c) => c.total);
    poolGauge(
      'ledgerline_db_pool_idle_clients',
      'PostgreSQL clients in the pool not running a query.',
      (c) => c.idle,
    );
    poolGauge(
      'ledgerline_db_pool_waiting_requests',
      'Queries waiting for a PostgreSQL client because every client is busy.',
      (c) => c.waiting,
    );
  }
  return {
    registry,
    requestDuration,
    reviews,
    ledgerPostings,
    openEventStreams,
    async exposition() {
      const merged = Registry.merge([processMetrics(), registry]);
      return { contentType: merged.contentType, text: await merged.metrics() };
    },
  };
}

/**
 * Times every answer of the app under its route's pattern (`/api/v1/admin/deposits/:depositId/approve`),
 * never the URL asked for: ids would make a series per request.
 */
export function measureRequests(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', async (request, reply) => {
    metrics.requestDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? unmatchedRoute,
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });
}

/**
 * The server of `GET /metrics`: its own port (`METRICS_PORT`, bound to `METRICS_HOST`), apart from the
 * site's, so that nothing the site serves, nor anyone who can reach the site, can read it. It answers
 * nothing else.
 */
export function metricsServer(metrics: Metrics): FastifyInstance {
  const server = Fastify({ logger: false });
  server.get('/metrics', async (_request, reply) => {
    const { contentType, text } = await metrics.exposition();
    return reply.type(contentType).header('cache-control', 'no-store').send(text);
  });
  return server;
}
