import path from 'node:path';

/** Where this run keeps its server's data and the mail the SMTP sink received. */
export const runDir = path.resolve(import.meta.dirname, '..', '..', '.tmp', 'e2e-run');
export const mailDir = path.join(runDir, 'mail');

/** The back-office admin the server creates at start. */
export const admin = { email: 'admin@ledgerline.test', password: 'e2e-admin-password-2026' };

/**
 * The second admin, invited by the first when the run's server starts (global-setup.ts): every
 * posting and wallet change the first proposes takes another admin's approval.
 */
export const secondAdmin = {
  email: 'second-admin@ledgerline.test',
  password: 'e2e-second-admin-2026',
  fullname: 'Bea Second',
};
