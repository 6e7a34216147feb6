import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config';
import { signedInAdmin, signedInInvestor, userIdOf } from '../testing/accounts';
import { createTestApp } from '../testing/app';
import { testDatabase } from '../testing/database';
import { openEventStream } from '../testing/event-stream';
import {
  approveProposal,
  createWallets,
  fundedInvestor,
  requestDeposit,
  requestWithdrawal,
  review,
  secondAdmin,
  submitKyc,
} from '../testing/money';
import { listening } from '../testing/second-instance';
import { until } from '../testing/until';

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

/** An app whose metrics are served by a server of their own (`METRICS_PORT`), as in production. */
async function appWithMetrics(): Promise<FastifyInstance> {
  const app = await createTestApp({ METRICS_PORT: '0' });
  apps.push(app);
  return app;
}

type Sample = { name: string; labels: Record<string, string>; value: number };

const metricName = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const labelPair = '([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\\\\n]|\\\\[\\\\"n])*)"';
const sampleLine = new RegExp(`^(${metricName})(?:\\{((?:${labelPair},?)*)\\})? (\\S+)$`);
const typeLine = new RegExp(`^# TYPE (${metricName}) (counter|gauge|histogram|summary|untyped)$`);
const helpLine = new RegExp(`^# HELP ${metricName} .*$`);

/**
 * Reads the Prometheus text format (0.0.4) strictly: every line is a HELP, a TYPE or a sample of a
 * family whose TYPE came before it, with well-formed labels and a number. Fails on anything else.
 */
function parseExposition(text: string): Sample[] {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || helpLine.test(line)) continue;
    const type = typeLine.exec(line);
    if (type) {
      types.set(type[1] ?? '', type[2] ?? '');
      continue;
    }
    const sample = sampleLine.exec(line);
    if (!sample) throw new Error(`not a line of the Prometheus text format: ${JSON.stringify(line)}`);
    const name = sample[1] ?? '';
    const family = name.replace(/_(bucket|sum|count)$/, '');
    if (!types.has(name) && types.get(family) !== 'histogram' && types.get(family) !== 'summary')
      throw new Error(`a sample of ${name} before its TYPE line`);
    const labels: Record<string, string> = {};
    for (const pair of (sample[2] ?? '').matchAll(new RegExp(labelPair, 'g')))
      labels[pair[1] ?? ''] = (pair[2] ?? '').replace(/\\n/g, '\n').replace(/\\(["\\])/g, '$1');
    // Go's float syntax, as Prometheus reads it: NaN and Inf in any case.
    const raw = (sample[5] ?? '').toLowerCase();
    const value = /^[+-]?inf$/.test(raw) ? Number(raw.replace('inf', 'Infinity')) : Number(raw);
    if (Number.isNaN(value) && raw !== 'nan') throw new Error(`not a number: ${JSON.stringify(line)}`);
    samples.push({ name, labels, value });
  }
  return samples;
}

/** Where a listening server is. */
function addressOf(server: FastifyInstance | null): AddressInfo {
  const address = server?.server.address();
  if (!address || typeof address === 'string') throw new Error('the server is not listening on a port');
  return address;
}

/** Scrapes the app's metrics server, as Prometheus would, and parses the answer. */
async function scrape(app: FastifyInstance): Promise<Sample[]> {
  if (!app.metricsServer) throw new Error('this app serves no metrics');
  const response = await app.metricsServer.inject({ method: 'GET', url: '/metrics' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
  return parseExposition(response.body);
}

/** The value of one series (0 when it has not been counted yet, as Prometheus reads a missing one). */
function seriesValue(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samples.filter(
    (sample) =>
      sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  if (found.length > 1) throw new Error(`${name} ${JSON.stringify(labels)} names ${found.length} series`);
  return found[0]?.value ?? 0;
}

describe('GET /metrics', () => {
  it('is Prometheus text on the metrics port, with the process figures and event-loop lag', async () => {
    const app = await appWithMetrics();
    const samples = await scrape(app);
    const names = new Set(samples.map((sample) => sample.name));
    for (const name of [
      'nodejs_eventloop_lag_seconds',
      'process_cpu_user_seconds_total',
      'nodejs_heap_size_used_bytes',
      'ledgerline_open_event_streams',
    ])
      expect(names, name).toContain(name);
  });

  it('answers on a real port of its own, bound to METRICS_HOST, and the site port never serves it', async () => {
    const app = await appWithMetrics();
    await app.listen({ port: 0, host: '127.0.0.1' });
    await app.metricsServer?.listen({ port: 0, host: '127.0.0.1' });
    const metricsAddress = addressOf(app.metricsServer);
    const siteAddress = addressOf(app);
    expect(metricsAddress.address).toBe('127.0.0.1');

    const metrics = await fetch(`http://127.0.0.1:${metricsAddress.port}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain('# TYPE http_request_duration_seconds histogram');
    // The metrics server answers nothing else: not the API, not the site.
    expect((await fetch(`http://127.0.0.1:${metricsAddress.port}/healthz`)).status).toBe(404);

    const onSitePort = await fetch(`http://127.0.0.1:${siteAddress.port}/metrics`);
    expect(onSitePort.status).toBe(404);
    expect(await onSitePort.text()).not.toContain('# TYPE');
  });

  it('is served nowhere when METRICS_PORT is not set', async () => {
    const app = await createTestApp();
    apps.push(app);
    expect(app.metricsServer).toBeNull();
    const onSitePort = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(onSitePort.statusCode).toBe(404);
    expect(onSitePort.body).not.toContain('# TYPE');
  });

  it('times each request under its route pattern and status, never the URL with its ids', async () => {
    const app = await appWithMetrics();
    const depositId = randomUUID();
    for (let i = 0; i < 3; i += 1) {
      const answer = await app.inject({ method: 'POST', url: `/api/v1/admin/deposits/${depositId}/approve` });
      expect(answer.statusCode).toBe(401);
    }
    expect((await app.inject({ method: 'GET', url: `/no/such/page/${depositId}` })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

    const samples = await scrape(app);
    const approveUnauthorized = {
      method: 'POST',
      route: '/api/v1/admin/deposits/:depositId/approve',
      status_code: '401',
    };
    expect(seriesValue(samples, 'http_request_duration_seconds_count', approveUnauthorized)).toBe(3);
    expect(
      seriesValue(samples, 'http_request_duration_seconds_bucket', { ...approveUnauthorized, le: '+Inf' }),
    ).toBe(3);
    expect(seriesValue(samples, 'http_request_duration_seconds_sum', approveUnauthorized)).toBeGreaterThan(0);
    expect(
      seriesValue(samples, 'http_request_duration_seconds_count', {
        method: 'GET',
        route: '/healthz',
        status_code: '200',
      }),
    ).toBe(1);
    expect(
      seriesValue(samples, 'http_request_duration_seconds_count', {
        method: 'GET',
        route: 'unmatched',
        status_code: '404',
      }),
    ).toBe(1);
    const routes = samples.map((sample) => sample.labels.route ?? '');
    expect(routes.some((route) => route.includes(depositId))).toBe(false);
  });

  it('counts a deposit approval once: a second approve (409) and a replayed posting count nothing', async () => {
    const app = await appWithMetrics();
    const admin = await signedInAdmin(app);
    await createWallets(app, admin);
    const investor = await signedInInvestor(app);
    const requested = await requestDeposit(app, investor, '150.00');
    expect(requested.statusCode, requested.body).toBe(201);
    const depositId = requested.json().transaction._id as string;
    const approvedDeposits = { kind: 'deposit', outcome: 'approved' };
    expect(seriesValue(await scrape(app), 'ledgerline_reviews_total', approvedDeposits)).toBe(0);

    expect((await review(app, admin, 'deposits', depositId, 'approve')).statusCode).toBe(200);
    expect(seriesValue(await scrape(app), 'ledgerline_reviews_total', approvedDeposits)).toBe(1);

    expect((await review(app, admin, 'deposits', depositId, 'approve')).statusCode).toBe(409);
    expect((await review(app, admin, 'deposits', depositId, 'reject')).statusCode).toBe(409);
    let samples = await scrape(app);
    expect(seriesValue(samples, 'ledgerline_reviews_total', approvedDeposits)).toBe(1);
    expect(seriesValue(samples, 'ledgerline_reviews_total', { kind: 'deposit', outcome: 'rejected' })).toBe(
      0,
    );

    // A bonus proposed with an Idempotency-Key, then retried with it: one proposal; counted once
    // posted, when a second admin approves it.
    const userId = await userIdOf(investor.email);
    const idempotencyKey = randomUUID();
    const post = () =>
      app.inject({
        method: 'POST',
        url: `/api/v1/admin/users/${userId}/ledger-entries`,
        headers: { ...admin.headers, 'idempotency-key': idempotencyKey },
        payload: { kind: 'bonus', amount: 12.5, memo: 'Loyalty bonus' },
      });
    const proposed = await post();
    expect(proposed.statusCode).toBe(202);
    expect((await post()).json().approval._id).toBe(proposed.json().approval._id);
    expect(seriesValue(await scrape(app), 'ledgerline_ledger_postings_total', { kind: 'bonus' })).toBe(0);
    await approveProposal(app, await secondAdmin(app), proposed);
    samples = await scrape(app);
    expect(seriesValue(samples, 'ledgerline_ledger_postings_total', { kind: 'bonus' })).toBe(1);
    expect(seriesValue(samples, 'ledgerline_ledger_postings_total', { kind: 'adjustment' })).toBe(0);
  });

  it('counts withdrawal and KYC reviews by kind and outcome, once each', async () => {
    const app = await appWithMetrics();
    const admin = await signedInAdmin(app);
    await createWallets(app, admin);
    const investor = await fundedInvestor(app, admin, '500.00');

    const withdrawal = await requestWithdrawal(app, investor, '40.00');
    expect(withdrawal.statusCode, withdrawal.body).toBe(201);
    const withdrawalId = withdrawal.json().transaction._id as string;
    expect((await review(app, admin, 'withdrawals', withdrawalId, 'reject')).statusCode).toBe(200);
    expect((await review(app, admin, 'withdrawals', withdrawalId, 'approve')).statusCode).toBe(409);

    const submitted = await submitKyc(app, investor);
    expect(submitted.statusCode, submitted.body).toBe(201);
    const kycId = submitted.json().kyc._id as string;
    const approveKyc = () =>
      app.inject({ method: 'POST', url: `/api/v1/admin/kyc/${kycId}/approve`, headers: admin.headers });
    expect((await approveKyc()).statusCode).toBe(200);
    expect((await approveKyc()).statusCode).toBe(409);

    const samples = await scrape(app);
    const reviews = (kind: string, outcome: string) =>
      seriesValue(samples, 'ledgerline_reviews_total', { kind, outcome });
    expect(reviews('deposit', 'approved')).toBe(1);
    expect(reviews('withdrawal', 'rejected')).toBe(1);
    expect(reviews('withdrawal', 'approved')).toBe(0);
    expect(reviews('kyc', 'approved')).toBe(1);
    expect(reviews('kyc', 'rejected')).toBe(0);
  });

  it('counts the first of two approvals apart, and the payout once, when a second approval is needed', async () => {
    const app = await createTestApp({ METRICS_PORT: '0', WITHDRAWAL_SECOND_APPROVAL_USD: '100' });
    apps.push(app);
    const firstAdmin = await signedInAdmin(app, { fullname: 'first admin' });
    const secondAdmin = await signedInAdmin(app, { fullname: 'second admin' });
    await createWallets(app, firstAdmin);
    const investor = await fundedInvestor(app, firstAdmin, '500.00');
    const withdrawal = await requestWithdrawal(app, investor, '250.00');
    expect(withdrawal.statusCode, withdrawal.body).toBe(201);
    const withdrawalId = withdrawal.json().transaction._id as string;
    const withdrawals = async (outcome: string) =>
      seriesValue(await scrape(app), 'ledgerline_reviews_total', { kind: 'withdrawal', outcome });

    expect((await review(app, firstAdmin, 'withdrawals', withdrawalId, 'approve')).statusCode).toBe(200);
    expect(await withdrawals('first_approved')).toBe(1);
    expect(await withdrawals('approved')).toBe(0);
    // The same admin again is refused (403) and counts nothing.
    expect((await review(app, firstAdmin, 'withdrawals', withdrawalId, 'approve')).statusCode).toBe(403);
    expect((await review(app, secondAdmin, 'withdrawals', withdrawalId, 'approve')).statusCode).toBe(200);
    expect((await review(app, secondAdmin, 'withdrawals', withdrawalId, 'approve')).statusCode).toBe(409);
    expect(await withdrawals('first_approved')).toBe(1);
    expect(await withdrawals('approved')).toBe(1);
  });

  it('reports the PostgreSQL pool on PostgreSQL; PGlite has no pool to report', async () => {
    const app = await appWithMetrics();
    const samples = await scrape(app);
    const { kind } = await testDatabase();
    const poolClients = samples.filter((sample) => sample.name.startsWith('ledgerline_db_pool_'));
    if (kind === 'postgres') {
      expect(poolClients.map((sample) => sample.name).sort()).toEqual([
        'ledgerline_db_pool_clients',
        'ledgerline_db_pool_idle_clients',
        'ledgerline_db_pool_waiting_requests',
      ]);
      // The test database's pool has run this file's queries: it holds a client.
      expect(seriesValue(samples, 'ledgerline_db_pool_clients')).toBeGreaterThan(0);
    } else {
      expect(poolClients).toEqual([]);
    }
  });

  it('shows the event streams open on the instance as they open and close', async () => {
    const app = await appWithMetrics();
    const baseUrl = await listening(app);
    const jane = await signedInInvestor(app);
    const openStreams = async () => seriesValue(await scrape(app), 'ledgerline_open_event_streams');
    expect(await openStreams()).toBe(0);

    const first = await openEventStream(baseUrl, jane.token);
    const second = await openEventStream(baseUrl, jane.token);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(await openStreams()).toBe(2);
    // The client leaves; the server hears of it when its socket closes.
    first.close();
    await until(async () => (await openStreams()) === 1);
    second.close();
    await until(async () => (await openStreams()) === 0);
  });
});

describe('METRICS_PORT and METRICS_HOST', () => {
  it('default to no metrics server, on loopback when there is one', () => {
    const config = loadConfig({});
    expect(config.METRICS_PORT).toBeUndefined();
    expect(config.METRICS_HOST).toBe('127.0.0.1');
  });

  it.each([
    ['the site port', { PORT: '3000', METRICS_PORT: '3000' }],
    ['not a port', { METRICS_PORT: '70000' }],
    ['not a number', { METRICS_PORT: 'nine' }],
  ])('refuses a METRICS_PORT that is %s, naming it', (_case, env) => {
    expect(() => loadConfig(env)).toThrow(/METRICS_PORT/);
  });
});
