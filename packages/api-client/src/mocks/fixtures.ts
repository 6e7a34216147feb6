/**
 * Realistic, typed answers of the v1 API for stories and tests: Jane Cooper, a Standard-tier investor,
 * her history, wallets, KYC and referrals, the market data, and the back office around her. Every id and
 * date is fixed, so a story renders the same on every run.
 */
export * from './fixtures/admin-requests';
export * from './fixtures/admin-summary';
export * from './fixtures/admin-team';
export * from './fixtures/admin-users';
export * from './fixtures/approvals';
export * from './fixtures/audit-log';
export * from './fixtures/fund-transactions';
export * from './fixtures/images';
export * from './fixtures/kyc';
export * from './fixtures/ledger';
export * from './fixtures/live-events';
export * from './fixtures/market';
export * as messages from './fixtures/messages';
export * as people from './fixtures/people';
export * from './fixtures/public';
export * from './fixtures/referrals';
export * from './fixtures/security';
export * from './fixtures/submissions';
export * from './fixtures/trading';
export * from './fixtures/transactions';
export * from './fixtures/user';
export * from './fixtures/wallets';
export * from './fixtures/withdrawal-addresses';
