import type { OperationId } from '@ledgerline/api-client/contract';
import { dereference } from '@readme/openapi-parser';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundRequests } from './db/schema';
import { contractPath } from './http/contract';
import {
  newAddress,
  register,
  registerVerified,
  registration,
  signedInAdmin,
  signedInInvestor,
  signIn,
  type TestAccount,
  uniqueEmail,
  userIdOf,
} from './testing/accounts';
import { createTestApp } from './testing/app';
import { expectContract } from './testing/contract';
import { testDatabase } from './testing/database';
import { injectUntilHead } from './testing/event-stream';
import { coingeckoCoin, coingeckoTrending, startFakeMarket } from './testing/fake-market';
import { testImage } from './testing/images';
import { linkIn, mailSink } from './testing/mail-sink';
import {
  approveProposal,
  depositForm,
  secondAdmin,
  walletAddresses,
  withdrawalAddresses,
} from './testing/money';
import { multipartForm } from './testing/multipart';
import { hour, passingAnswers, storeFlatCandles } from './testing/trading';

/**
 * Who may call what: every operation of the contract, called with a valid request by four callers,
 * each answered as the table below says. "otherUser" is signed in and aims at the user's own things
 * (their receipt, deposit, withdrawal, KYC request, account): someone else's file answers 404, as a
 * missing one does, and what otherUser is shown never holds the user's ids or email. Every request is
 * valid, so an answer reflects who asked, not what was sent.
 */

const callers = ['anonymous', 'user', 'otherUser', 'admin'] as const;
type Caller = (typeof callers)[number];
type Answers = Record<Caller, number>;

/** Public operations answer anyone alike. */
const anyone = (status: number): Answers => ({
  anonymous: status,
  user: status,
  otherUser: status,
  admin: status,
});
/** A session is needed; each signed-in caller is answered about themselves. */
const signedIn = (status: number): Answers => ({
  anonymous: 401,
  user: status,
  otherUser: status,
  admin: status,
});
/** Served to its owner and to admins; to anyone else as if it did not exist. */
const ownerOrAdmin = (status: number): Answers => ({
  anonymous: 401,
  user: status,
  otherUser: 404,
  admin: status,
});
/** The back office: the admin role is needed. */
const backOffice = (status: number): Answers => ({
  anonymous: 401,
  user: 403,
  otherUser: 403,
  admin: status,
});

const expected = {
  registerUser: anyone(201),
  verifyEmail: anyone(200),
  login: anyone(200),
  // A challenge that is no one's: refused alike to everyone.
  loginTwoFactor: anyone(401),
  getSecurity: signedIn(200),
  setupTwoFactor: signedIn(200),
  // Each caller's own two-factor: a wrong code, and none on to turn off.
  enableTwoFactor: signedIn(400),
  disableTwoFactor: signedIn(400),
  listSessions: signedIn(200),
  // Another account's session is as if it did not exist.
  revokeSession: signedIn(404),
  revokeOtherSessions: signedIn(200),
  // Each caller's own phrase, with its own password.
  setAntiPhishingPhrase: signedIn(200),
  // Each caller asks to change its own email; nothing changes until the link is followed.
  requestEmailChange: signedIn(202),
  // The link alone proves the new address: anyone holding it may follow it, signed in or not.
  confirmEmailChange: anyone(200),
  // The link alone undoes a change: an unknown one is refused alike, signed in or not.
  revertEmailChange: anyone(400),
  // The mailed link alone keeps the lock on: an unknown one is refused alike, signed in or not.
  cancelWithdrawalAddressLockOff: anyone(400),
  listActivity: signedIn(200),
  listWithdrawalAddresses: signedIn(200),
  // Each caller saves an address to its own book.
  createWithdrawalAddress: signedIn(201),
  // The user's saved address: another account's, an admin's included, is as if it did not exist.
  deleteWithdrawalAddress: { anonymous: 401, user: 200, otherUser: 404, admin: 404 },
  setWithdrawalAddressLock: signedIn(200),
  logout: signedIn(200),
  forgotPassword: anyone(200),
  resetPassword: anyone(200),
  submitContactMessage: anyone(201),
  subscribeNewsletter: anyone(200),
  getWhatsapp: anyone(200),
  getHealth: anyone(200),
  getReadiness: anyone(200),
  listMarketCoins: anyone(200),
  listTrendingCoins: anyone(200),
  getUserInfo: signedIn(200),
  updateUserInfo: signedIn(200),
  listReferrals: signedIn(200),
  createDeposit: signedIn(201),
  createWithdrawal: signedIn(201),
  // The user's pending withdrawal: another account's, an admin's included, is as if it did not exist
  // (an admin rejects a withdrawal, never cancels it).
  cancelWithdrawal: { anonymous: 401, user: 200, otherUser: 404, admin: 404 },
  listTransactions: signedIn(200),
  listWallets: signedIn(200),
  listKyc: signedIn(200),
  submitKyc: signedIn(201),
  downloadFile: ownerOrAdmin(200),
  getWalletQr: anyone(200),
  adminListDeposits: backOffice(200),
  adminApproveDeposit: backOffice(200),
  adminRejectDeposit: backOffice(200),
  adminListWithdrawals: backOffice(200),
  adminApproveWithdrawal: backOffice(200),
  adminRejectWithdrawal: backOffice(200),
  adminListKyc: backOffice(200),
  adminApproveKyc: backOffice(200),
  adminRejectKyc: backOffice(200),
  adminListWallets: backOffice(200),
  // Proposed: a second admin approves a new wallet.
  adminCreateWallet: backOffice(202),
  adminPreviewWalletQr: backOffice(200),
  adminUpdateWallet: backOffice(200),
  adminDeleteWallet: backOffice(200),
  adminListUsers: backOffice(200),
  adminGetUser: backOffice(200),
  adminListLedgerEntries: backOffice(200),
  // Proposed: a second admin approves every posting by default.
  adminPostLedgerEntry: backOffice(202),
  adminListApprovals: backOffice(200),
  // Each admin approves or rejects a proposal of another admin's, made for the cell.
  adminApproveApproval: backOffice(200),
  adminRejectApproval: backOffice(200),
  adminSetNotification: backOffice(200),
  adminListAdmins: backOffice(200),
  // Proposed: the platform has several admins, so a second one approves an invitation.
  adminInviteAdmin: backOffice(202),
  // Proposed: a second admin approves every removal.
  adminRemoveAdmin: backOffice(202),
  // One admin alone cancels an invitation (a fresh one for each caller): it takes a way in away.
  adminCancelAdminInvitation: backOffice(200),
  // The link alone makes its address an admin's: anyone holding it may follow it, signed in or not.
  acceptAdminInvitation: anyone(200),
  adminListAuditLog: backOffice(200),
  adminGetSummary: backOffice(200),
  // Each caller's own events; the back office's only to the admin.
  streamEvents: signedIn(200),
  listFunds: signedIn(200),
  getFund: signedIn(200),
  // Each caller's own check: its questions, then answers that pass it (before its investment).
  getAppropriateness: signedIn(200),
  takeAppropriatenessCheck: signedIn(200),
  // Each caller invests from its own available balance.
  investInFund: signedIn(202),
  // The user's own investment, past any cooling-off period (none in this run): refused for what it
  // asks; anyone else's is as if it did not exist.
  cancelFundRequest: { anonymous: 401, user: 409, otherUser: 404, admin: 404 },
  // Each caller holds no unit of the fund: the request is valid, and refused for what it asks.
  redeemFromFund: signedIn(400),
  getPortfolio: signedIn(200),
  getBalanceHistory: signedIn(200),
  adminGetTrading: backOffice(200),
  adminGetFund: backOffice(200),
  adminUpdateFund: backOffice(200),
  adminCreateFund: backOffice(201),
  adminPauseTrading: backOffice(200),
  adminResumeTrading: backOffice(200),
  listFundFills: signedIn(200),
  // Each caller backtests the trend fund over candles the database holds.
  startBacktest: signedIn(202),
  // The user's backtest: another account's is as if it did not exist; admins see every one.
  getBacktest: ownerOrAdmin(200),
} satisfies Record<OperationId, Answers>;

type Session = TestAccount & { headers: { authorization: string } };
type Built = {
  params?: Record<string, string>;
  query?: Record<string, string>;
  payload?: InjectOptions['payload'];
  headers?: Record<string, string>;
};
/** A valid request of the operation, as `caller` sends it (the runner adds the caller's session). */
type RequestBuilder = (caller: Caller) => Promise<Built>;

let app: FastifyInstance;
let market: Awaited<ReturnType<typeof startFakeMarket>>;
let operations: Map<string, { method: string; path: string }>;
/** Sets things up for the others (wallets, approvals); never a caller. */
let backOfficeAdmin: Session;
let sessions: Record<Exclude<Caller, 'anonymous'>, Session>;
/** The user's things that otherUser aims at. */
let owned: {
  userId: string;
  receiptId: string;
  depositId: string;
  withdrawalId: string;
  kycId: string;
  backtestId: string;
};
/** An active wallet (for its QR code) and an inactive one only this test renames. */
let wallets: { active: string; spare: string };

const headersOf = (caller: Caller) => (caller === 'anonymous' ? {} : sessions[caller].headers);
const accountOf = (caller: Caller) => (caller === 'anonymous' ? sessions.user : sessions[caller]);

async function inject(options: InjectOptions) {
  return app.inject({ remoteAddress: newAddress(), ...options });
}

/** A pending deposit of the user, made for one cell so no other cell's review changes its answer. */
async function freshDeposit(owner: Session = sessions.user, amount = '10'): Promise<string> {
  const form = await depositForm({ amount });
  const response = await inject({
    method: 'POST',
    url: '/api/v1/deposits',
    headers: { ...owner.headers, ...form.headers },
    payload: form.payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().transaction._id;
}

/** A pending withdrawal of the user, for one cell. */
async function freshWithdrawal(): Promise<string> {
  const form = multipartForm([
    { name: 'type', value: 'bitcoin' },
    { name: 'network', value: 'BTC' },
    { name: 'address', value: withdrawalAddresses.BTC },
    { name: 'amount', value: '1' },
  ]);
  const response = await inject({
    method: 'POST',
    url: '/api/v1/withdrawals',
    headers: { ...sessions.user.headers, ...form.headers },
    payload: form.payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().transaction._id;
}

/** A saved address of the user, on a network no other cell saves to, for one cell. */
async function freshSavedAddress(): Promise<string> {
  const response = await inject({
    method: 'POST',
    url: '/api/v1/users/withdrawal-addresses',
    headers: sessions.user.headers,
    payload: {
      type: 'usdt',
      network: 'usdt-trc20',
      address: withdrawalAddresses['usdt-trc20'],
      label: 'To remove',
    },
  });
  if (response.statusCode === 409) {
    const book = await inject({
      method: 'GET',
      url: '/api/v1/users/withdrawal-addresses',
      headers: sessions.user.headers,
    });
    const saved = (book.json().addresses as { _id: string; network: string }[]).find(
      (row) => row.network === 'usdt-trc20',
    );
    if (saved) return saved._id;
  }
  expect(response.statusCode, response.body).toBe(201);
  return response.json().address._id;
}

function kycForm() {
  return testImage('jpeg').then((content) =>
    multipartForm([
      { name: 'document', value: 'passport' },
      { name: 'image', filename: 'passport.jpg', contentType: 'image/jpeg', content },
    ]),
  );
}

async function submitKyc(owner: Session): Promise<string> {
  const form = await kycForm();
  const response = await inject({
    method: 'POST',
    url: '/api/v1/kyc',
    headers: { ...owner.headers, ...form.headers },
    payload: form.payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().kyc._id;
}

async function newestKyc(owner: Session): Promise<{ _id: string; status: string } | undefined> {
  const response = await inject({ method: 'GET', url: '/api/v1/kyc', headers: owner.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json()[0];
}

/** The owner's pending KYC request: the one waiting, or a new one. */
async function pendingKyc(owner: Session = sessions.user): Promise<string> {
  const newest = await newestKyc(owner);
  return newest?.status === 'pending' ? newest._id : submitKyc(owner);
}

/** Nothing of the owner's awaits review, so the owner may send a KYC request. */
async function noPendingKyc(owner: Session): Promise<void> {
  const newest = await newestKyc(owner);
  if (newest?.status !== 'pending') return;
  const response = await inject({
    method: 'POST',
    url: `/api/v1/admin/kyc/${newest._id}/reject`,
    headers: backOfficeAdmin.headers,
    payload: { reason: 'Please send a sharper image.' },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** An inactive wallet made for one cell (deleting it is what the cell does). */
async function freshWallet(): Promise<string> {
  const response = await inject({
    method: 'POST',
    url: '/api/v1/admin/wallets',
    headers: backOfficeAdmin.headers,
    payload: { walletName: 'to delete', type: 'ethereum', address: walletAddresses.ethereum, active: false },
  });
  const approved = await approveProposal(app, await secondAdmin(app), response);
  return approved.json().approval.wallet.walletId;
}

/** A posting to the user proposed by the back office's admin (never a caller), for one cell. */
async function freshProposal(): Promise<string> {
  const response = await inject({
    method: 'POST',
    url: `/api/v1/admin/users/${owned.userId}/ledger-entries`,
    headers: backOfficeAdmin.headers,
    payload: { kind: 'bonus', amount: 1, memo: 'Goodwill' },
  });
  expect(response.statusCode, response.body).toBe(202);
  return response.json().approval._id;
}

/** The confirmation link of a change of email, asked for by a fresh account. */
async function emailChangeLink(): Promise<URL> {
  const account = await signedInInvestor(app);
  const newEmail = uniqueEmail('moved');
  const response = await inject({
    method: 'POST',
    url: '/api/v1/auth/email-change',
    headers: account.headers,
    payload: { newEmail, password: account.password },
  });
  expect(response.statusCode, response.body).toBe(202);
  const mail = await (await mailSink()).waitForMail(newEmail, (message) =>
    /confirm/i.test(message.subject ?? ''),
  );
  return linkIn(mail, 'http://ledgerline.test/confirm-email-change');
}

/** A fresh address invited to join the admins: proposed by the back office, approved by a second admin. */
async function invitedAddress(): Promise<string> {
  const email = uniqueEmail('invited');
  const response = await inject({
    method: 'POST',
    url: '/api/v1/admin/admins',
    headers: backOfficeAdmin.headers,
    payload: { email },
  });
  await approveProposal(app, await secondAdmin(app), response);
  return email;
}

/** The id of a fresh invitation to join the admins, for one cell. */
async function freshInvitation(): Promise<string> {
  const email = await invitedAddress();
  const response = await inject({
    method: 'GET',
    url: '/api/v1/admin/admins',
    headers: backOfficeAdmin.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  const invitation = (response.json().invitations as { _id: string; email: string }[]).find(
    (item) => item.email === email,
  );
  if (!invitation) throw new Error('the fresh invitation is not listed');
  return invitation._id;
}

/** The link of an invitation to join the admins: proposed by the back office, approved by a second admin. */
async function adminInvitationLink(): Promise<URL> {
  const email = await invitedAddress();
  const mail = await (await mailSink()).waitForMail(email, (message) =>
    /invited/i.test(message.subject ?? ''),
  );
  return linkIn(mail, 'http://ledgerline.test/admin-invitation');
}

async function resetLink(email: string): Promise<URL> {
  const sink = await mailSink();
  const before = sink.received.length;
  const response = await inject({ method: 'POST', url: '/api/v1/auth/forgot-password', payload: { email } });
  expect(response.statusCode, response.body).toBe(200);
  const mail = await sink.waitForMail(
    email,
    (message) => /reset/i.test(message.subject ?? '') && sink.received.indexOf(message) >= before,
  );
  return linkIn(mail, 'http://ledgerline.test/change-password');
}

/** Two days of BTC candles the database holds, a week ago: a backtest over them needs no exchange. */
const backtestPeriod = {
  from: (Math.floor(Date.now() / (24 * hour)) - 7) * 24 * hour,
  to: (Math.floor(Date.now() / (24 * hour)) - 5) * 24 * hour,
};

async function backtestOfTrendFund() {
  return {
    fundId: await trendFundId(),
    from: new Date(backtestPeriod.from).toISOString(),
    to: new Date(backtestPeriod.to).toISOString(),
    amount: 1000,
  };
}

/** An investment of the user's (made by the user's own investInFund call before this one). */
async function usersInvestmentId(): Promise<string> {
  const { db } = await testDatabase();
  const [request] = await db
    .select({ id: fundRequests.id })
    .from(fundRequests)
    .where(and(eq(fundRequests.userId, owned.userId), eq(fundRequests.kind, 'investment')))
    .limit(1);
  if (!request) throw new Error("the user's investment is missing");
  return request.id;
}

/** The id of the trend fund seeded at start. */
async function trendFundId(): Promise<string> {
  const response = await inject({ method: 'GET', url: '/api/v1/funds', headers: backOfficeAdmin.headers });
  expect(response.statusCode, response.body).toBe(200);
  const fund = (response.json().items as { _id: string; name: string }[]).find(
    (item) => item.name === 'Trend follower BTC',
  );
  if (!fund) throw new Error('the seeded trend fund is missing');
  return fund._id;
}

const requests = {
  registerUser: async () => ({ payload: registration() }),
  verifyEmail: async () => {
    const { link } = await register(app);
    return {
      payload: {
        email: link.searchParams.get('email'),
        verificationToken: link.searchParams.get('verificationToken'),
      },
    };
  },
  login: async (caller) => {
    const { email, password } = accountOf(caller);
    return { payload: { email, password } };
  },
  // A session of its own: signing out ends the session it carries, which the other cells use.
  logout: async (caller) =>
    caller === 'anonymous'
      ? {}
      : { headers: { authorization: `Bearer ${(await signIn(app, sessions[caller])).token}` } },
  forgotPassword: async (caller) => ({ payload: { email: accountOf(caller).email } }),
  resetPassword: async () => {
    const account = await registerVerified(app);
    const link = await resetLink(account.email);
    const password = 'quartz-meadow-falcon-2931';
    return {
      payload: {
        email: link.searchParams.get('email'),
        token: link.searchParams.get('token'),
        password,
        confirmPassword: password,
      },
    };
  },
  submitContactMessage: async (caller) => ({
    payload: { name: 'Jane Doe', email: accountOf(caller).email, message: 'How long does a deposit take?' },
  }),
  subscribeNewsletter: async (caller) => ({ payload: { email: accountOf(caller).email } }),
  getWhatsapp: async () => ({}),
  getHealth: async () => ({}),
  getReadiness: async () => ({}),
  listMarketCoins: async () => ({}),
  listTrendingCoins: async () => ({}),
  getUserInfo: async () => ({}),
  updateUserInfo: async () => ({ payload: { activityLogStatus: true } }),
  listReferrals: async () => ({}),
  createDeposit: async () => {
    const form = await depositForm({ amount: '25' });
    return { payload: form.payload, headers: form.headers };
  },
  createWithdrawal: async () => {
    const form = multipartForm([
      { name: 'type', value: 'ethereum' },
      { name: 'network', value: 'ETH' },
      { name: 'address', value: withdrawalAddresses.ETH },
      { name: 'amount', value: '5' },
    ]);
    return { payload: form.payload, headers: form.headers };
  },
  // A fresh pending withdrawal of the user for each caller: the user's own call cancels it.
  cancelWithdrawal: async () => ({ params: { withdrawalId: await freshWithdrawal() } }),
  listTransactions: async () => ({ query: { limit: '100' } }),
  listWallets: async () => ({}),
  listKyc: async () => ({}),
  submitKyc: async (caller) => {
    if (caller !== 'anonymous') await noPendingKyc(sessions[caller]);
    const form = await kycForm();
    return { payload: form.payload, headers: form.headers };
  },
  downloadFile: async () => ({ params: { fileId: owned.receiptId } }),
  getWalletQr: async () => ({ params: { walletId: wallets.active } }),
  adminListDeposits: async () => ({ query: { userId: owned.userId } }),
  adminApproveDeposit: async () => ({ params: { depositId: await freshDeposit() } }),
  adminRejectDeposit: async () => ({
    params: { depositId: await freshDeposit() },
    payload: { reason: 'The receipt does not show the transaction hash.' },
  }),
  adminListWithdrawals: async () => ({ query: { userId: owned.userId } }),
  adminApproveWithdrawal: async () => ({ params: { withdrawalId: await freshWithdrawal() } }),
  adminRejectWithdrawal: async () => ({
    params: { withdrawalId: await freshWithdrawal() },
    payload: { reason: 'Please complete identity verification first.' },
  }),
  adminListKyc: async () => ({ query: { userId: owned.userId } }),
  // The admin's approval goes to a KYC request of an applicant of its own: once approved, the user
  // could never send another, and the other callers' cells aim at the user's pending one.
  adminApproveKyc: async (caller) => ({
    params: {
      kycId: caller === 'admin' ? await pendingKyc(await signedInInvestor(app)) : await pendingKyc(),
    },
  }),
  adminRejectKyc: async () => ({
    params: { kycId: await pendingKyc() },
    payload: { reason: 'The passport photo page is blurred.' },
  }),
  adminListWallets: async () => ({}),
  adminCreateWallet: async () => ({
    payload: { walletName: 'bitcoin cold', type: 'bitcoin', address: walletAddresses.bitcoin, active: false },
  }),
  adminPreviewWalletQr: async () => ({ payload: { type: 'bitcoin', address: walletAddresses.bitcoin } }),
  adminUpdateWallet: async () => ({ params: { walletId: wallets.spare }, payload: { walletName: 'spare' } }),
  adminDeleteWallet: async () => ({ params: { walletId: await freshWallet() } }),
  adminListUsers: async () => ({ query: { q: sessions.user.email } }),
  adminGetUser: async () => ({ params: { userId: owned.userId } }),
  adminListLedgerEntries: async () => ({ params: { userId: owned.userId }, query: { limit: '5' } }),
  adminPostLedgerEntry: async () => ({
    params: { userId: owned.userId },
    payload: { kind: 'bonus', amount: 1.5, memo: 'Goodwill' },
  }),
  adminListApprovals: async () => ({ query: { status: 'pending', limit: '5' } }),
  adminApproveApproval: async () => ({ params: { approvalId: await freshProposal() } }),
  adminRejectApproval: async () => ({
    params: { approvalId: await freshProposal() },
    payload: { reason: 'The memo does not say why.' },
  }),
  adminSetNotification: async () => ({
    params: { userId: owned.userId },
    payload: { title: 'Welcome', content: '<p>Your account is ready.</p>', persistent: false },
  }),
  adminListAdmins: async () => ({}),
  adminInviteAdmin: async () => ({ payload: { email: uniqueEmail('invited') } }),
  // A fresh admin for each caller: the admin's own call proposes their removal.
  adminRemoveAdmin: async () => ({
    params: { userId: (await signedInAdmin(app, { fullname: 'leaving' })).id },
  }),
  adminCancelAdminInvitation: async () => ({ params: { invitationId: await freshInvitation() } }),
  acceptAdminInvitation: async () => ({
    payload: {
      token: (await adminInvitationLink()).searchParams.get('token'),
      fullname: 'new admin',
      password: 'quartz-meadow-falcon-2931',
    },
  }),
  adminListAuditLog: async () => ({ query: { limit: '5' } }),
  adminGetSummary: async () => ({}),
  loginTwoFactor: async () => ({ payload: { challenge: 'A'.repeat(43), code: '123456' } }),
  getSecurity: async () => ({}),
  setupTwoFactor: async () => ({}),
  enableTwoFactor: async () => ({ payload: { password: 'not-the-password-1', code: '123456' } }),
  disableTwoFactor: async () => ({ payload: { password: 'not-the-password-1', code: '123456' } }),
  listSessions: async () => ({}),
  revokeSession: async () => {
    const mine = await inject({
      method: 'GET',
      url: '/api/v1/auth/sessions',
      headers: backOfficeAdmin.headers,
    });
    return { params: { sessionId: (mine.json() as { _id: string }[])[0]?._id ?? '' } };
  },
  revokeOtherSessions: async () => ({}),
  setAntiPhishingPhrase: async (caller) => ({
    payload: { phrase: 'Blue heron at dawn', password: accountOf(caller).password },
  }),
  requestEmailChange: async (caller) => ({
    payload: { newEmail: uniqueEmail('moved'), password: accountOf(caller).password },
  }),
  confirmEmailChange: async () => ({
    payload: { token: (await emailChangeLink()).searchParams.get('token') },
  }),
  revertEmailChange: async () => ({ payload: { token: 'A'.repeat(43) } }),
  cancelWithdrawalAddressLockOff: async () => ({ payload: { token: 'A'.repeat(43) } }),
  listActivity: async () => ({ query: { limit: '5' } }),
  listWithdrawalAddresses: async () => ({}),
  createWithdrawalAddress: async () => ({
    payload: { type: 'bitcoin', network: 'BTC', address: withdrawalAddresses.BTC, label: 'Cold wallet' },
  }),
  // A fresh saved address of the user for each caller: the user's own call removes it.
  deleteWithdrawalAddress: async () => ({ params: { addressId: await freshSavedAddress() } }),
  // Off already: a valid request that changes nothing, so no other cell's withdrawal is refused.
  setWithdrawalAddressLock: async () => ({ payload: { enabled: false } }),
  streamEvents: async () => ({}),
  listFunds: async () => ({}),
  getFund: async () => ({ params: { fundId: await trendFundId() } }),
  getAppropriateness: async () => ({}),
  takeAppropriatenessCheck: async () => ({ payload: { answers: passingAnswers } }),
  investInFund: async () => ({ params: { fundId: await trendFundId() }, payload: { amount: 50 } }),
  cancelFundRequest: async () => ({ params: { requestId: await usersInvestmentId() } }),
  redeemFromFund: async () => ({ params: { fundId: await trendFundId() }, payload: { all: true } }),
  getPortfolio: async () => ({}),
  getBalanceHistory: async () => ({}),
  adminGetTrading: async () => ({}),
  adminGetFund: async () => ({ params: { fundId: await trendFundId() } }),
  // Resuming a fund that trades: a valid request that changes nothing another cell depends on.
  adminUpdateFund: async () => ({ params: { fundId: await trendFundId() }, payload: { paused: false } }),
  adminCreateFund: async () => ({
    payload: {
      name: 'Matrix trend ETH',
      strategy: {
        kind: 'trend',
        timeframe: '1h',
        pairs: ['ETH/USDT'],
        fastPeriod: 9,
        slowPeriod: 21,
        positionSizePct: 50,
      },
      risk: { maxAssetSharePct: 60, maxOpenPositions: 1 },
      fees: { managementPctPerYear: 1, takerFeeBps: 10, makerFeeBps: 10, slippageBps: 5 },
      minimumInvestment: 20,
      riskLevel: 'high',
      // Created paused: no cell's round trades on it.
      paused: true,
    },
  }),
  // Paused, then resumed by the next cell: the other cells never see trading stopped.
  adminPauseTrading: async () => ({ payload: { reason: 'Matrix check' } }),
  adminResumeTrading: async () => ({ payload: {} }),
  listFundFills: async () => ({ params: { fundId: await trendFundId() }, query: { limit: '5' } }),
  startBacktest: async () => ({ payload: await backtestOfTrendFund() }),
  getBacktest: async () => ({ params: { backtestId: owned.backtestId } }),
} satisfies Record<OperationId, RequestBuilder>;

beforeAll(async () => {
  market = await startFakeMarket();
  market.answer(
    '/coins/markets',
    200,
    Array.from({ length: 5 }, (_, index) => coingeckoCoin(index + 1)),
  );
  market.answer('/search/trending', 200, { coins: [coingeckoTrending('alpha', 2)] });
  app = await createTestApp({ MARKET_DATA_URL: market.url, WHATSAPP_NUMBER: '+15551234567' });

  const document = (await dereference(contractPath)) as unknown as {
    paths: Record<string, Record<string, { operationId?: string }>>;
  };
  operations = new Map();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (operation?.operationId) operations.set(operation.operationId, { method, path });
    }
  }

  backOfficeAdmin = await signedInAdmin(app, { fullname: 'back office' });
  const created = await inject({
    method: 'POST',
    url: '/api/v1/admin/wallets',
    headers: backOfficeAdmin.headers,
    payload: { walletName: 'bitcoin main', type: 'bitcoin', address: walletAddresses.bitcoin, active: true },
  });
  const spare = await inject({
    method: 'POST',
    url: '/api/v1/admin/wallets',
    headers: backOfficeAdmin.headers,
    payload: { walletName: 'spare', type: 'usdt', address: walletAddresses.usdt, active: false },
  });
  // Every new wallet takes a second admin, who is never a caller either.
  wallets = {
    active: (await approveProposal(app, await secondAdmin(app), created)).json().approval.wallet.walletId,
    spare: (await approveProposal(app, await secondAdmin(app), spare)).json().approval.wallet.walletId,
  };

  sessions = {
    user: await signedInInvestor(app, { fullname: 'jane user' }),
    otherUser: await signedInInvestor(app, { fullname: 'mallory other' }),
    admin: await signedInAdmin(app),
  };
  // Everyone who withdraws has money, each credited by the back office (never by themselves).
  for (const session of Object.values(sessions)) {
    const depositId = await freshDeposit(session, '1000');
    const approved = await inject({
      method: 'POST',
      url: `/api/v1/admin/deposits/${depositId}/approve`,
      headers: backOfficeAdmin.headers,
    });
    expect(approved.statusCode, approved.body).toBe(200);
  }
  const userId = await userIdOf(sessions.user.email);
  const deposits = await inject({
    method: 'GET',
    url: '/api/v1/admin/deposits',
    query: { userId },
    headers: backOfficeAdmin.headers,
  });
  expect(deposits.statusCode, deposits.body).toBe(200);
  const [deposit] = deposits.json().items as Array<{ _id: string; receipt: string }>;
  if (!deposit) throw new Error("the user's deposit is not listed");
  owned = {
    userId,
    depositId: deposit._id,
    receiptId: deposit.receipt.replace('/files/', ''),
    // Something of the user's in every list otherUser could be shown.
    withdrawalId: await freshWithdrawal(),
    kycId: await pendingKyc(),
    backtestId: '',
  };
  await storeFlatCandles((await testDatabase()).db, 'BTC/USDT', {
    from: backtestPeriod.from,
    count: 48,
    price: 9_000_000_000_000n,
  });
  const started = await inject({
    method: 'POST',
    url: '/api/v1/backtests',
    headers: sessions.user.headers,
    payload: await backtestOfTrendFund(),
  });
  expect(started.statusCode, started.body).toBe(202);
  owned.backtestId = started.json().backtest._id;
}, 120_000);

afterAll(async () => {
  await app?.close();
  await market?.close();
});

describe('the authorisation matrix', () => {
  it('answers every operation, as each caller, as the table says', { timeout: 120_000 }, async () => {
    expect(Object.keys(expected).sort()).toEqual([...operations.keys()].sort());

    const answers: Record<string, Partial<Answers>> = {};
    const problems: string[] = [];
    const userSecrets = () => [sessions.user.email, ...Object.values(owned)];
    for (const [id, build] of Object.entries(requests) as Array<[OperationId, RequestBuilder]>) {
      const operation = operations.get(id);
      if (!operation) throw new Error(`openapi.yaml has no operation ${id}`);
      answers[id] = {};
      for (const caller of callers) {
        const built = await build(caller);
        const url = Object.entries(built.params ?? {}).reduce(
          (path, [name, value]) => path.replace(`{${name}}`, value),
          `/api/v1${operation.path}`,
        );
        const options: InjectOptions = {
          method: operation.method.toUpperCase() as InjectOptions['method'],
          url,
          query: built.query,
          payload: built.payload,
          headers: { ...headersOf(caller), ...built.headers },
        };
        // The event stream stays open: its status and head are read, then the caller leaves it.
        const response =
          id === 'streamEvents'
            ? await injectUntilHead(app, { remoteAddress: newAddress(), ...options })
            : await inject(options);
        answers[id][caller] = response.statusCode;
        const request = `${operation.method.toUpperCase()} ${url} as ${caller}`;
        try {
          await expectContract(id, response);
        } catch (error) {
          problems.push(`${request}: ${(error as Error).message}`);
        }
        if (caller === 'otherUser') {
          const leaked = userSecrets().filter((secret) => response.body.includes(secret));
          if (leaked.length > 0) problems.push(`${request} shows the user's ${leaked.join(', ')}`);
        }
      }
    }
    expect({ answers, problems }).toEqual({ answers: expected, problems: [] });
  });
});
