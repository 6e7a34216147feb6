import {
  activityEntries,
  securityOff,
  sessionList,
  twoFactorEnabled,
  twoFactorSetup,
} from '../fixtures/security';
import { loginResult } from '../fixtures/user';
import { jsonOperation } from '../mock-operation';
import { pageOf } from '../pages';

/** Two-factor, sessions and the activity log: the account's security, as Profile → Security shows it. */
export const securityMocks = {
  loginTwoFactor: jsonOperation('loginTwoFactor', 'post', '/auth/login/two-factor', {
    status: 200,
    fixture: () => loginResult,
  }),
  getSecurity: jsonOperation('getSecurity', 'get', '/auth/security', {
    status: 200,
    fixture: () => securityOff,
  }),
  setupTwoFactor: jsonOperation('setupTwoFactor', 'post', '/auth/two-factor/setup', {
    status: 200,
    fixture: twoFactorSetup,
  }),
  enableTwoFactor: jsonOperation('enableTwoFactor', 'post', '/auth/two-factor/enable', {
    status: 200,
    fixture: () => twoFactorEnabled,
  }),
  disableTwoFactor: jsonOperation('disableTwoFactor', 'post', '/auth/two-factor/disable', {
    status: 200,
    fixture: () => ({ msg: 'Two-factor authentication is off' }),
  }),
  listSessions: jsonOperation('listSessions', 'get', '/auth/sessions', {
    status: 200,
    fixture: () => sessionList,
  }),
  revokeSession: jsonOperation('revokeSession', 'delete', '/auth/sessions/{sessionId}', {
    status: 200,
    fixture: () => ({ msg: 'Session signed out' }),
  }),
  revokeOtherSessions: jsonOperation('revokeOtherSessions', 'post', '/auth/sessions/revoke-others', {
    status: 200,
    fixture: () => ({ msg: 'Signed out of 2 other sessions', revoked: 2 }),
  }),
  setAntiPhishingPhrase: jsonOperation('setAntiPhishingPhrase', 'put', '/auth/anti-phishing-phrase', {
    status: 200,
    fixture: () => ({ msg: 'Anti-phishing phrase saved' }),
  }),
  requestEmailChange: jsonOperation('requestEmailChange', 'post', '/auth/email-change', {
    status: 202,
    fixture: () => ({
      msg: 'Check your inbox at jane.doe@example.org and follow the link to confirm the change.',
    }),
  }),
  confirmEmailChange: jsonOperation('confirmEmailChange', 'post', '/auth/email-change/confirm', {
    status: 200,
    fixture: () => ({ msg: 'Your email is now jane.doe@example.org. Use it to sign in.' }),
  }),
  revertEmailChange: jsonOperation('revertEmailChange', 'post', '/auth/email-change/revert', {
    status: 200,
    fixture: () => ({
      msg: 'Your email is jane@example.com again, and every session is signed out. Reset your password now.',
    }),
  }),
  listActivity: jsonOperation('listActivity', 'get', '/users/activity', {
    status: 200,
    fixture: ({ url }) => pageOf(activityEntries, url.searchParams),
  }),
};
