import { dereference } from '@readme/openapi-parser';
import fc, { type Arbitrary } from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config/config';
import { users } from './db/schema';
import { contractPath } from './http/contract';
import { hashPassword } from './modules/auth/password-hashing';
import { newReferralCode } from './modules/auth/referral-codes';
import { SessionChecks, startSession } from './modules/auth/sessions';
import { newAddress, strongPassword, uniqueEmail } from './testing/accounts';
import { createTestApp } from './testing/app';
import {
  invalidForm,
  invalidObject,
  isFreeText,
  type Schema,
  validValue,
  withControlCharacter,
} from './testing/arbitraries';
import { expectContract } from './testing/contract';
import { testDatabase } from './testing/database';
import { injectUntilHead } from './testing/event-stream';
import { coingeckoCoin, coingeckoTrending, startFakeMarket } from './testing/fake-market';
import { multipartForm } from './testing/multipart';

/**
 * The contract fuzzer: requests generated from the dereferenced openapi.yaml, valid and invalid, to
 * every operation of the contract. Whatever is sent, no answer is a 5xx and every answer is one the
 * contract allows; an invalid request always gets a 4xx. Every operation is fuzzed twice: with the
 * sessions of an ordinary user (the back office answers them 403, its other answers must hold too)
 * and with an admin's, so the back office's operations are reached past the role check.
 */

type Operation = {
  operationId: string;
  security?: unknown[];
  parameters?: Array<{ name: string; in: string; schema: Schema }>;
  requestBody?: { content: Record<string, { schema: Schema }> };
};

type FuzzRequest = { valid: boolean; options: InjectOptions };

const roles = ['user', 'admin'] as const;
type Role = (typeof roles)[number];

const part1 = [
  'registerUser',
  'verifyEmail',
  'login',
  'logout',
  'forgotPassword',
  'resetPassword',
  'submitContactMessage',
  'subscribeNewsletter',
  'getWhatsapp',
  'getHealth',
  'getReadiness',
  'listMarketCoins',
  'listTrendingCoins',
  'getUserInfo',
  'updateUserInfo',
];

const part2 = [
  'listReferrals',
  'createDeposit',
  'createWithdrawal',
  'cancelWithdrawal',
  'listTransactions',
  'listWallets',
  'listKyc',
  'submitKyc',
  'downloadFile',
  'getWalletQr',
  'adminListDeposits',
  'adminApproveDeposit',
  'adminRejectDeposit',
  'adminListWithdrawals',
  'adminApproveWithdrawal',
  'adminRejectWithdrawal',
  'adminListKyc',
  'adminApproveKyc',
  'adminRejectKyc',
  'adminListWallets',
  'adminCreateWallet',
  'adminPreviewWalletQr',
  'adminUpdateWallet',
  'adminDeleteWallet',
  'adminListUsers',
  'adminGetUser',
  'adminListLedgerEntries',
  'adminPostLedgerEntry',
  'adminSetNotification',
  'adminListAdmins',
  'adminListAuditLog',
  'adminGetSummary',
  'adminListApprovals',
  'adminApproveApproval',
  'adminRejectApproval',
  'adminInviteAdmin',
  'adminRemoveAdmin',
  'adminCancelAdminInvitation',
  'acceptAdminInvitation',
  'loginTwoFactor',
  'getSecurity',
  'setupTwoFactor',
  'enableTwoFactor',
  'disableTwoFactor',
  'listSessions',
  'revokeSession',
  'revokeOtherSessions',
  'setAntiPhishingPhrase',
  'requestEmailChange',
  'confirmEmailChange',
  'revertEmailChange',
  'cancelWithdrawalAddressLockOff',
  'listActivity',
  'listWithdrawalAddresses',
  'createWithdrawalAddress',
  'deleteWithdrawalAddress',
  'setWithdrawalAddressLock',
  'streamEvents',
  'listFunds',
  'getFund',
  'getAppropriateness',
  'takeAppropriatenessCheck',
  'investInFund',
  'cancelFundRequest',
  'redeemFromFund',
  'getPortfolio',
  'getBalanceHistory',
  'adminGetTrading',
  'adminGetFund',
  'adminUpdateFund',
  'adminCreateFund',
  'adminPauseTrading',
  'adminResumeTrading',
  'listFundFills',
  'startBacktest',
  'getBacktest',
];

/** Runs per operation and role: at least 10,000 requests in all. */
const runs: Record<string, number> = {
  registerUser: 300,
  verifyEmail: 250,
  login: 120,
  logout: 120,
  forgotPassword: 220,
  resetPassword: 250,
  submitContactMessage: 250,
  subscribeNewsletter: 220,
  getWhatsapp: 60,
  getHealth: 60,
  getReadiness: 30,
  listMarketCoins: 80,
  listTrendingCoins: 80,
  getUserInfo: 360,
  updateUserInfo: 400,
  ...Object.fromEntries(part2.map((id) => [id, 90])),
  // No parameters and no body: only the session varies.
  adminGetSummary: 60,
  adminListAdmins: 60,
};

let app: FastifyInstance;
let market: Awaited<ReturnType<typeof startFakeMarket>>;
let operations: Map<string, Operation & { method: string; path: string }>;
/** Per role, one verified account: its id and five live sessions. */
let fuzzed: Record<Role, { id: string; tokens: string[] }>;

beforeAll(async () => {
  market = await startFakeMarket();
  market.answer(
    '/coins/markets',
    200,
    Array.from({ length: 50 }, (_, index) => coingeckoCoin(index + 1)),
  );
  market.answer('/search/trending', 200, {
    coins: [coingeckoTrending('alpha', 2), coingeckoTrending('beta', -1)],
  });
  // Outbox mail: the fuzzer's sign-ups are many, and SMTP is tested elsewhere.
  app = await createTestApp({ SMTP_URL: '', MARKET_DATA_URL: market.url, WHATSAPP_NUMBER: '+15551234567' });

  const document = (await dereference(contractPath)) as unknown as {
    paths: Record<string, Record<string, Operation>>;
  };
  operations = new Map();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (operation?.operationId) operations.set(operation.operationId, { ...operation, method, path });
    }
  }

  fuzzed = { user: await fuzzedAccount('user'), admin: await fuzzedAccount('admin') };
}, 60_000);

/** An account of the role, stored directly (its password is never known), with five live sessions. */
async function fuzzedAccount(role: Role) {
  const { db } = await testDatabase();
  const [user] = await db
    .insert(users)
    .values({
      email: uniqueEmail(`fuzzed-${role}`),
      fullname: `fuzzed ${role}`,
      phone: '(555) 123-4567',
      country: 'United States',
      passwordHash: await hashPassword(strongPassword()),
      referralCode: newReferralCode(),
      emailVerifiedAt: new Date(),
      role,
    })
    .returning({ id: users.id });
  if (!user) throw new Error(`the fuzzed ${role} was not stored`);
  const config = loadConfig({});
  const tokens: string[] = [];
  for (let index = 0; index < 5; index++)
    tokens.push((await startSession(db, new SessionChecks(), user.id, config)).token);
  return { id: user.id, tokens };
}

afterAll(async () => {
  await app?.close();
  await market?.close();
});

function operation(id: string) {
  const found = operations.get(id);
  if (!found) throw new Error(`openapi.yaml has no operation ${id}`);
  return found;
}

/** An Authorization header: mostly a live session of the role, sometimes none or a made-up one. */
const authorization = (role: Role): Arbitrary<Record<string, string>> =>
  fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .integer({ min: 0, max: 4 })
        .map((index) => ({ authorization: `Bearer ${fuzzed[role].tokens[index]}` })),
    },
    { weight: 1, arbitrary: fc.constant({}) },
    {
      weight: 1,
      arbitrary: fc
        .base64String({ minLength: 4, maxLength: 64 })
        .map((token) => ({ authorization: `Bearer ${token}` })),
    },
  );

/**
 * The operation's URL with its path parameters filled: mostly well-formed ids (random, or a fuzzed
 * account's own), sometimes malformed ones, which must answer 400.
 */
function urlFor(id: string): Arbitrary<{ url: string; valid: boolean }> {
  const { path } = operation(id);
  const names = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '');
  if (names.length === 0) return fc.constant({ url: `/api/v1${path}`, valid: true });
  const value = fc.oneof(
    { weight: 4, arbitrary: fc.uuid({ version: 4 }).map((uuid) => ({ text: uuid, valid: true })) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(...roles).map((role) => ({ text: fuzzed[role].id, valid: true })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('1', 'abc', '00000000-0000-0000-0000', '%00', '..%2F..%2Fetc', 'x'.repeat(300))
        .map((text) => ({ text, valid: false })),
    },
  );
  return fc.array(value, { minLength: names.length, maxLength: names.length }).map((values) => {
    let url = path;
    names.forEach((name, index) => {
      url = url.replace(`{${name}}`, values[index]?.text ?? '');
    });
    return { url: `/api/v1${url}`, valid: values.every((entry) => entry.valid) };
  });
}

/** A query string from the operation's declared parameters: valid values, or one broken one. */

/** Texts a typed query parameter refuses: not its type, empty, too long, and just past its bounds. */
function brokenTexts(schema: { type?: unknown; minimum?: number; maximum?: number }): string[] {
  const texts = ['abc', '', 'x'.repeat(300)];
  if (schema.type === 'integer') {
    texts.push(String((schema.minimum ?? 1) - 1), String((schema.maximum ?? 100) + 1), '-1');
  }
  return texts;
}

function queryFor(id: string): Arbitrary<{ query: Record<string, string>; valid: boolean }> {
  const declared = (operation(id).parameters ?? []).filter((parameter) => parameter.in === 'query');
  if (declared.length === 0) return fc.constant({ query: {}, valid: true });
  const validQuery = fc
    .tuple(...declared.map((parameter) => fc.option(validValue(parameter.schema), { nil: undefined })))
    .map((values) => {
      const query: Record<string, string> = {};
      declared.forEach((parameter, index) => {
        const value = values[index];
        if (value !== undefined) query[parameter.name] = String(value);
      });
      return { query, valid: true };
    });
  const typed = declared.filter(
    (parameter) => parameter.schema.enum || parameter.schema.type === 'integer' || parameter.schema.format,
  );
  const texts = declared.filter((parameter) => isFreeText(parameter.schema));
  const brokenQuery = fc.oneof(
    ...(typed.length > 0
      ? [
          fc
            .constantFrom(...typed)
            .chain((parameter) =>
              fc
                .constantFrom(...brokenTexts(parameter.schema))
                .map((text) => ({ query: { [parameter.name]: text }, valid: false })),
            ),
        ]
      : []),
    ...(texts.length > 0
      ? [
          fc.constantFrom(...texts).chain((parameter) =>
            withControlCharacter(parameter.schema, 'jane').map((text) => ({
              query: { [parameter.name]: text },
              valid: false,
            })),
          ),
        ]
      : []),
  );
  const breakable = typed.length > 0 || texts.length > 0;
  return breakable
    ? fc.oneof({ weight: 3, arbitrary: validQuery }, { weight: 1, arbitrary: brokenQuery })
    : validQuery;
}

/** JSON-bodied operations: schema-valid bodies, refused bodies, broken JSON and a wrong media type. */
function jsonRequests(
  id: string,
  extraHeaders: Arbitrary<Record<string, string>> = fc.constant({}),
): Arbitrary<FuzzRequest> {
  const { method, requestBody } = operation(id);
  const schema = requestBody?.content['application/json']?.schema ?? {};
  const urls = urlFor(id);
  return fc.tuple(urls, jsonBodies(schema, extraHeaders)).map(([target, request]) => ({
    valid: request.valid && target.valid,
    options: {
      ...request.options,
      method: method.toUpperCase() as InjectOptions['method'],
      url: target.url,
      remoteAddress: newAddress(),
    },
  }));
}

function jsonBodies(schema: Schema, extraHeaders: Arbitrary<Record<string, string>>): Arbitrary<FuzzRequest> {
  const base = (headers: Record<string, string>) => ({ headers });
  return fc.oneof(
    {
      weight: 5,
      arbitrary: fc
        .tuple(validValue(schema), extraHeaders)
        .map(([body, headers]) => ({ valid: true, options: { ...base(headers), payload: body as object } })),
    },
    {
      weight: 4,
      arbitrary: fc.tuple(invalidObject(schema), extraHeaders).map(([body, headers]) => ({
        valid: false,
        options: {
          ...base({ ...headers, 'content-type': 'application/json' }),
          payload: JSON.stringify(body),
        },
      })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom('{"email": ', '{', '[1,', 'nul', '{"a":1}}'), extraHeaders)
        .map(([text, headers]) => ({
          valid: false,
          options: { ...base({ ...headers, 'content-type': 'application/json' }), payload: text },
        })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom('text/plain', 'application/xml', 'application/x-www-form-urlencoded'),
          extraHeaders,
        )
        .map(([type, headers]) => ({
          valid: false,
          options: { ...base({ ...headers, 'content-type': type }), payload: 'email=jane@example.com' },
        })),
    },
  );
}

/** Operations without a body: any query string noise must not matter. */
function plainRequests(
  id: string,
  headers: Arbitrary<Record<string, string>> = fc.constant({}),
): Arbitrary<FuzzRequest> {
  const { method, path } = operation(id);
  return fc
    .tuple(
      fc.dictionary(fc.stringMatching(/^[a-z]{1,8}$/), fc.string({ maxLength: 20 }), { maxKeys: 3 }),
      headers,
    )
    .map(([query, headerValues]) => ({
      valid: true,
      options: {
        method: method.toUpperCase() as InjectOptions['method'],
        url: `/api/v1${path}`,
        query,
        headers: headerValues,
        remoteAddress: newAddress(),
      },
    }));
}

function userInfoRequests(role: Role): Arbitrary<FuzzRequest> {
  const fields =
    operation('getUserInfo').parameters?.find((parameter) => parameter.name === 'fields')?.schema ?? {};
  const url = '/api/v1/users/user-info';
  return fc.oneof(
    fc
      .tuple(fc.option(validValue(fields), { nil: undefined }), authorization(role))
      .map(([value, headers]) => ({
        valid: true,
        options: {
          method: 'GET' as const,
          url,
          query: value === undefined ? ({} as Record<string, string>) : { fields: String(value) },
          headers,
        },
      })),
    fc
      .tuple(
        fc.oneof(
          fc.string({ maxLength: 30 }),
          fc.constantFrom('passwordHash', 'email;role', 'x'.repeat(401), 'role,,secret'),
        ),
        authorization(role),
      )
      .filter(([value]) => !new RegExp(fields.pattern ?? '^$').test(value) || value.length > 400)
      .map(([value, headers]) => ({
        valid: false,
        options: { method: 'GET' as const, url, query: { fields: value }, headers },
      })),
  );
}

function updateUserInfoRequests(role: Role): Arbitrary<FuzzRequest> {
  const content = operation('updateUserInfo').requestBody?.content ?? {};
  const profile = content['multipart/form-data']?.schema ?? {};
  const url = '/api/v1/users/user-info';
  const form = (
    fields: Record<string, unknown>,
    headers: Record<string, string>,
    valid: boolean,
  ): FuzzRequest => {
    // Without a live session the answer is 401 whatever the form, which is still a 4xx.
    const body = multipartForm(
      Object.entries(fields).map(([name, value]) => ({ name, value: String(value) })),
    );
    return {
      valid,
      options: { method: 'PATCH', url, payload: body.payload, headers: { ...headers, ...body.headers } },
    };
  };
  return fc.oneof(
    jsonRequests('updateUserInfo', authorization(role)),
    fc
      .tuple(validValue(profile), authorization(role))
      .map(([fields, headers]) => form(fields as Record<string, unknown>, headers, true)),
    fc
      .tuple(invalidForm(profile), authorization(role))
      .map(([fields, headers]) => form(fields, headers, false)),
  );
}

/** Operations without a body, with their declared query parameters and path parameters. */
function parameterRequests(id: string, role: Role): Arbitrary<FuzzRequest> {
  const { method } = operation(id);
  return fc.tuple(urlFor(id), queryFor(id), authorization(role)).map(([target, query, headers]) => ({
    valid: target.valid && query.valid,
    options: {
      method: method.toUpperCase() as InjectOptions['method'],
      url: target.url,
      query: query.query,
      headers,
      remoteAddress: newAddress(),
    },
  }));
}

/** Multipart forms: schema-valid fields (with and without an image), refused fields. */
function multipartRequests(id: string, role: Role): Arbitrary<FuzzRequest> {
  const { method, path, requestBody } = operation(id);
  const schema = requestBody?.content['multipart/form-data']?.schema ?? {};
  const pixel = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  const form = (
    fields: Record<string, unknown>,
    headers: Record<string, string>,
    valid: boolean,
    withImage: boolean,
  ) => {
    const body = multipartForm([
      ...Object.entries(fields)
        .filter(([name]) => name !== 'image')
        .map(([name, value]) => ({ name, value: String(value) })),
      ...(withImage
        ? [{ name: 'image', filename: 'image.png', contentType: 'image/png', content: pixel }]
        : []),
    ]);
    return {
      valid,
      options: {
        method: method.toUpperCase() as InjectOptions['method'],
        url: `/api/v1${path}`,
        payload: body.payload,
        headers: { ...headers, ...body.headers },
        remoteAddress: newAddress(),
      },
    };
  };
  return fc.oneof(
    fc
      .tuple(validValue(schema), authorization(role), fc.boolean())
      .map(([fields, headers, withImage]) =>
        form(fields as Record<string, unknown>, headers, true, withImage),
      ),
    fc
      .tuple(invalidForm(schema), authorization(role), fc.boolean())
      .map(([fields, headers, withImage]) => form(fields, headers, false, withImage)),
  );
}

/** The event stream: the session, and a Last-Event-ID that is absent, an id, or malformed (400). */
function eventStreamRequests(role: Role): Arbitrary<FuzzRequest> {
  const lastEventId = fc.oneof(
    { weight: 2, arbitrary: fc.constant({ headers: {}, valid: true }) },
    {
      weight: 2,
      arbitrary: fc
        .bigInt({ min: 0n, max: 10n ** 31n })
        .map((value) => ({ headers: { 'last-event-id': String(value) }, valid: true })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('abc', '-1', '1.5', '1'.repeat(33), '0x10')
        .map((text) => ({ headers: { 'last-event-id': text }, valid: false })),
    },
  );
  return fc.tuple(authorization(role), lastEventId).map(([session, header]) => ({
    valid: header.valid,
    options: {
      method: 'GET' as const,
      url: '/api/v1/events',
      headers: { ...session, ...header.headers },
      remoteAddress: newAddress(),
    },
  }));
}

function requestsFor(id: string, role: Role): Arbitrary<FuzzRequest> {
  const { requestBody } = operation(id);
  if (id === 'streamEvents') return eventStreamRequests(role);
  if (part2.includes(id)) {
    if (requestBody?.content['multipart/form-data']) return multipartRequests(id, role);
    if (requestBody?.content['application/json']) return jsonRequests(id, authorization(role));
    return parameterRequests(id, role);
  }
  switch (id) {
    case 'getUserInfo':
      return userInfoRequests(role);
    case 'updateUserInfo':
      return updateUserInfoRequests(role);
    case 'logout':
      // A made-up token mostly: a live one would end a session the other requests use.
      return plainRequests(
        id,
        fc.oneof(
          fc.constant({}),
          fc
            .base64String({ minLength: 4, maxLength: 64 })
            .map((token) => ({ authorization: `Bearer ${token}` })),
        ),
      );
    case 'getWhatsapp':
    case 'getHealth':
    case 'getReadiness':
    case 'listMarketCoins':
    case 'listTrendingCoins':
      return plainRequests(id);
    default:
      return jsonRequests(id);
  }
}

describe('the contract fuzzer', () => {
  let sent = 0;
  const statuses: Record<Role, Map<number, number>> = { user: new Map(), admin: new Map() };

  afterAll(() => {
    const byStatus = (role: Role) =>
      [...statuses[role].entries()]
        .sort(([a], [b]) => a - b)
        .map(([status, n]) => `${status}: ${n}`)
        .join(', ');
    console.log(
      `contract fuzzer: ${sent} requests across ${part1.length + part2.length} operations` +
        roles.map((role) => `\n  as ${role}: ${byStatus(role)}`).join(''),
    );
  });

  it('covers every operation of the contract', () => {
    expect([...part1, ...part2].sort()).toEqual([...operations.keys()].sort());
  });

  it.each(roles.flatMap((role) => [...part1, ...part2].map((id) => [id, role] as const)))(
    '%s as %s: never a 5xx, every answer in the contract, invalid input always a 4xx',
    { timeout: 120_000 },
    async (id, role) => {
      await fc.assert(
        fc.asyncProperty(requestsFor(id, role), async ({ valid, options }) => {
          // The event stream stays open: its head is read, then the fuzzer leaves it, as a client would.
          const response =
            id === 'streamEvents' ? await injectUntilHead(app, options) : await app.inject(options);
          sent++;
          statuses[role].set(response.statusCode, (statuses[role].get(response.statusCode) ?? 0) + 1);
          expect(response.statusCode, `${id} answered ${response.statusCode}: ${response.body}`).toBeLessThan(
            500,
          );
          if (!valid)
            expect(
              response.statusCode,
              `${id} accepted an invalid request: ${response.body}`,
            ).toBeGreaterThanOrEqual(400);
          // The back office answers no one but an admin, whatever the request.
          if (role === 'user' && operation(id).path.startsWith('/admin/'))
            expect(
              response.statusCode,
              `${id} answered a user ${response.statusCode}: ${response.body}`,
            ).toBeGreaterThanOrEqual(400);
          await expectContract(id, response);
        }),
        { numRuns: runs[id] ?? 100 },
      );
    },
  );

  it('sent at least 10,000 requests', () => {
    expect(sent).toBeGreaterThanOrEqual(10_000);
  });
});
