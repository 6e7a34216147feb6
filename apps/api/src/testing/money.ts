import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { lockUser } from '../modules/ledger/balances';
import { postJournal } from '../modules/ledger/postings';
import { newAddress, signedInAdmin, signedInInvestor } from './accounts';
import { expectContract } from './contract';
import { testDatabase } from './database';
import { testImage } from './images';
import { multipartForm } from './multipart';

type Headers = { authorization: string };
type Actor = { headers: Headers };

/** Valid receiving addresses for the platform's wallets, per coin. */
export const walletAddresses = {
  bitcoin: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  ethereum: '0x52908400098527886E0F7030069857D2E4169EE7',
  usdt: 'TN3W4H6rK2ce4vX9YnFQHwKENnHjoxb3m9',
} as const;

/** Valid destination addresses for withdrawals, per network. */
export const withdrawalAddresses = {
  BTC: '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
  ETH: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  'usdt-trc20': 'TN3W4H6rK2ce4vX9YnFQHwKENnHjoxb3m9',
  'usdt-bsc': '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  'usdt-erc20': '0xde709f2102306220921060314715629080e2fb77',
} as const;

/**
 * Profit is never posted by an admin: trading credits it through the ledger module. This writes a
 * profit journal the way the ledger module writes every journal, for the figures that count profit.
 */
export async function profitThroughLedger(userId: string, cents: number, memo = 'Trading profit') {
  const { db } = await testDatabase();
  await db.transaction(async (tx) => {
    await lockUser(tx, userId);
    await postJournal(tx, {
      kind: 'profit',
      userId,
      ref: `PRF-${randomBytes(4).toString('hex').toUpperCase()}`,
      memo,
      postings: [
        { account: 'available', userId, amountCents: cents },
        { account: 'profit_paid', amountCents: -cents },
      ],
    });
  });
}

/** A second admin of the app (one per app), who approves what the test's admin proposes. */
const secondAdmins = new WeakMap<FastifyInstance, ReturnType<typeof signedInAdmin>>();
export function secondAdmin(app: FastifyInstance): ReturnType<typeof signedInAdmin> {
  let admin = secondAdmins.get(app);
  if (!admin) {
    admin = signedInAdmin(app, { fullname: 'second admin' });
    secondAdmins.set(app, admin);
  }
  return admin;
}

/** Approves a proposal (`proposed`, the 202 answer that made it) as `approver`: answers the approval. */
export async function approveProposal(
  app: FastifyInstance,
  approver: Actor,
  proposed: LightMyRequestResponse,
) {
  expect(proposed.statusCode, proposed.body).toBe(202);
  const approvalId = proposed.json().approval._id as string;
  const approved = await app.inject({
    method: 'POST',
    url: `/api/v1/admin/approvals/${approvalId}/approve`,
    headers: approver.headers,
  });
  await expectContract('adminApproveApproval', approved);
  expect(approved.statusCode, approved.body).toBe(200);
  return approved;
}

/**
 * A posting to a user's ledger as the back office makes one: proposed by `admin`, then approved by a
 * second admin (every posting needs two by default). Answers the approved proposal (its `posting.ref`
 * names the entry).
 */
export async function postToLedger(
  app: FastifyInstance,
  admin: Actor,
  userId: string,
  payload: { kind: 'bonus' | 'adjustment'; amount: number; memo: string },
) {
  const proposed = await app.inject({
    method: 'POST',
    url: `/api/v1/admin/users/${userId}/ledger-entries`,
    headers: admin.headers,
    payload,
  });
  await expectContract('adminPostLedgerEntry', proposed);
  return approveProposal(app, await secondAdmin(app), proposed);
}

/**
 * Makes an active wallet for each coin through the admin API (once per app is enough): proposed by
 * `admin`, approved by a second admin, as every new wallet must be.
 */
export async function createWallets(app: FastifyInstance, admin: Actor) {
  for (const [type, address] of Object.entries(walletAddresses)) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/wallets',
      headers: admin.headers,
      payload: { walletName: `${type} main`, type, address, active: true },
    });
    await expectContract('adminCreateWallet', response);
    await approveProposal(app, await secondAdmin(app), response);
  }
}

/** The deposit form, with a fresh real PNG receipt unless another image is given. */
export async function depositForm(
  fields: { type?: string; amount: string; paymentTo?: string },
  image?: { content: Buffer; filename?: string; contentType?: string },
) {
  const type = fields.type ?? 'bitcoin';
  return multipartForm([
    { name: 'type', value: type },
    { name: 'amount', value: fields.amount },
    { name: 'paymentTo', value: fields.paymentTo ?? walletAddresses[type as keyof typeof walletAddresses] },
    {
      name: 'image',
      filename: image?.filename ?? 'receipt.png',
      contentType: image?.contentType ?? 'image/png',
      content: image?.content ?? (await testImage('png')),
    },
  ]);
}

export async function requestDeposit(
  app: FastifyInstance,
  user: Actor,
  amount: string,
  options: { type?: string; idempotencyKey?: string } = {},
) {
  const form = await depositForm({ amount, type: options.type });
  return app.inject({
    method: 'POST',
    url: '/api/v1/deposits',
    headers: {
      ...user.headers,
      ...form.headers,
      ...(options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {}),
    },
    payload: form.payload,
  });
}

export async function requestWithdrawal(
  app: FastifyInstance,
  user: Actor,
  amount: string,
  options: {
    type?: string;
    network?: keyof typeof withdrawalAddresses;
    address?: string;
    idempotencyKey?: string;
    twoFactorCode?: string;
  } = {},
) {
  const network = options.network ?? 'BTC';
  const form = multipartForm([
    {
      name: 'type',
      value: options.type ?? (network === 'BTC' ? 'bitcoin' : network === 'ETH' ? 'ethereum' : 'usdt'),
    },
    { name: 'network', value: network },
    { name: 'address', value: options.address ?? withdrawalAddresses[network] },
    { name: 'amount', value: amount },
    ...(options.twoFactorCode ? [{ name: 'twoFactorCode', value: options.twoFactorCode }] : []),
  ]);
  return app.inject({
    method: 'POST',
    url: '/api/v1/withdrawals',
    headers: {
      ...user.headers,
      ...form.headers,
      ...(options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {}),
    },
    payload: form.payload,
  });
}

export function review(
  app: FastifyInstance,
  admin: Actor,
  kind: 'deposits' | 'withdrawals',
  id: string,
  verdict: 'approve' | 'reject',
  reason = 'The receipt does not show the transaction hash.',
) {
  return app.inject({
    method: 'POST',
    url: `/api/v1/admin/${kind}/${id}/${verdict}`,
    headers: admin.headers,
    ...(verdict === 'reject' ? { payload: { reason } } : {}),
  });
}

/** A deposit requested and approved: answers its id. */
export async function approvedDeposit(app: FastifyInstance, user: Actor, admin: Actor, amount: string) {
  const requested = await requestDeposit(app, user, amount);
  expect(requested.statusCode, requested.body).toBe(201);
  const id = requested.json().transaction._id as string;
  const approved = await review(app, admin, 'deposits', id, 'approve');
  expect(approved.statusCode, approved.body).toBe(200);
  return id;
}

/** A signed-in investor whose available balance is `amount` (one approved deposit). */
export async function fundedInvestor(
  app: FastifyInstance,
  admin: Actor,
  amount: string,
  overrides: Record<string, unknown> = {},
) {
  const investor = await signedInInvestor(app, overrides);
  await approvedDeposit(app, investor, admin, amount);
  return investor;
}

/** The money figures of the overview, through the API. */
export async function figures(app: FastifyInstance, user: Actor) {
  const response = await app.inject({ method: 'GET', url: '/api/v1/users/user-info', headers: user.headers });
  await expectContract('getUserInfo', response);
  expect(response.statusCode, response.body).toBe(200);
  const info = response.json();
  return {
    accountTier: info.accountTier,
    totalBalance: info.totalBalance,
    availableBalance: info.availableBalance,
    moneyEarned: info.moneyEarned,
    bonus: info.bonus,
    profits: info.profits,
    deposits: info.deposits,
    withdrawals: info.withdrawals,
    pendingDeposits: info.pendingDeposits,
    pendingWithdrawals: info.pendingWithdrawals,
  };
}

/** A KYC request with a real JPEG passport image, as the KYC page sends one. */
export async function submitKyc(app: FastifyInstance, user: Actor) {
  const form = multipartForm([
    { name: 'document', value: 'passport' },
    { name: 'image', filename: 'passport.jpg', contentType: 'image/jpeg', content: await testImage('jpeg') },
  ]);
  return app.inject({
    method: 'POST',
    url: '/api/v1/kyc',
    payload: form.payload,
    headers: { ...user.headers, ...form.headers },
    remoteAddress: newAddress(),
  });
}
