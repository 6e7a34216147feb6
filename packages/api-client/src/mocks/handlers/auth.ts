import { emailVerified, passwordReset, registered, resetLinkSent, signedOut } from '../fixtures/messages';
import { loginResult } from '../fixtures/user';
import { jsonOperation } from '../mock-operation';

export const authMocks = {
  registerUser: jsonOperation('registerUser', 'post', '/auth/register', {
    status: 201,
    fixture: () => registered,
  }),
  verifyEmail: jsonOperation('verifyEmail', 'post', '/auth/verify-email', {
    status: 200,
    fixture: () => emailVerified,
  }),
  login: jsonOperation('login', 'post', '/auth/login', { status: 200, fixture: () => loginResult }),
  logout: jsonOperation('logout', 'post', '/auth/logout', { status: 200, fixture: () => signedOut }),
  forgotPassword: jsonOperation('forgotPassword', 'post', '/auth/forgot-password', {
    status: 200,
    fixture: () => resetLinkSent,
  }),
  resetPassword: jsonOperation('resetPassword', 'post', '/auth/reset-password', {
    status: 200,
    fixture: () => passwordReset,
  }),
};
