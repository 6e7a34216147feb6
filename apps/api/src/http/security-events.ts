import type { OperationId } from '@ledgerline/api-client/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { clientOf } from './client-address';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Whose account a request concerns before any session does (the account a sign-in tried, when
     * it exists): the user id of its security event.
     */
    securitySubject: string | null;
    /** A sign-in whose password was right, answered with a two-factor challenge: no session yet. */
    secondFactorPending: boolean;
  }
  interface FastifyContextConfig {
    /** The contract's operationId of the route (set for every operation of the contract). */
    operationId?: OperationId;
  }
}

/** The security events the JSON log carries, one line each (`securityEvent` names it). */
export type SecurityEvent =
  | 'sign-in.succeeded'
  | 'sign-in.failed'
  | 'sign-in.locked-out'
  | 'access.unauthenticated'
  | 'access.forbidden'
  | 'password.changed'
  | 'password.reset'
  | 'sign-in.second-factor-pending'
  | 'session.ended'
  | 'sessions.ended'
  | 'sessions.revoked'
  | 'two-factor.enabled'
  | 'two-factor.disabled'
  | 'email.change-requested'
  | 'email.changed'
  | 'email.change-reverted'
  | 'anti-phishing-phrase.changed'
  | 'withdrawal-address.added'
  | 'withdrawal-address.removed'
  | 'withdrawal-address-lock.changed'
  | 'withdrawal-address-lock.off-cancelled'
  | 'admin.action';

/** A session the server itself ended (another sign-in over the cap, a password change). */
export function logSessionsRevoked(
  request: FastifyRequest,
  userId: string,
  reason:
    | 'session cap'
    | 'password changed'
    | 'password reset'
    | 'signed out by its owner'
    | 'signed out everywhere else'
    | 'two-factor turned off'
    | 'email changed'
    | 'email change reverted'
    | 'admin invitation accepted'
    | 'admin removed',
  count: number,
): void {
  if (count > 0)
    request.log.info({ securityEvent: 'sessions.revoked', userId, reason, count }, 'security event');
}

/** The event an answered request makes, if any: by its operation and its status. */
function eventOf(request: FastifyRequest, reply: FastifyReply): SecurityEvent | null {
  const operationId = request.routeOptions.config.operationId;
  const status = reply.statusCode;
  const succeeded = status >= 200 && status < 300;
  if (operationId === 'login' || operationId === 'loginTwoFactor') {
    // A right password of an account with two-factor on is no sign-in yet: the code is.
    if (succeeded && request.secondFactorPending) return 'sign-in.second-factor-pending';
    if (succeeded) return 'sign-in.succeeded';
    if (status === 401 || status === 403) return 'sign-in.failed';
    if (status === 429) return 'sign-in.locked-out';
    return null;
  }
  if (status === 401) return 'access.unauthenticated';
  if (status === 403) return 'access.forbidden';
  if (!succeeded || !operationId) return null;
  const body = request.body;
  if (
    operationId === 'updateUserInfo' &&
    typeof body === 'object' &&
    body !== null &&
    'newPassword' in body
  ) {
    return 'password.changed';
  }
  if (operationId === 'resetPassword') return 'password.reset';
  if (operationId === 'logout' || operationId === 'revokeSession') return 'session.ended';
  if (operationId === 'revokeOtherSessions') return 'sessions.ended';
  if (operationId === 'enableTwoFactor') return 'two-factor.enabled';
  if (operationId === 'disableTwoFactor') return 'two-factor.disabled';
  if (operationId === 'requestEmailChange') return 'email.change-requested';
  if (operationId === 'confirmEmailChange') return 'email.changed';
  if (operationId === 'revertEmailChange') return 'email.change-reverted';
  if (operationId === 'setAntiPhishingPhrase') return 'anti-phishing-phrase.changed';
  // Where withdrawals may go is account security: a new address, one removed, the lock moved.
  if (operationId === 'createWithdrawalAddress') return 'withdrawal-address.added';
  if (operationId === 'deleteWithdrawalAddress') return 'withdrawal-address.removed';
  if (operationId === 'setWithdrawalAddressLock') return 'withdrawal-address-lock.changed';
  if (operationId === 'cancelWithdrawalAddressLockOff') return 'withdrawal-address-lock.off-cancelled';
  // Every back-office action that changes something; reading is not an action.
  if (operationId.startsWith('admin') && request.method !== 'GET') return 'admin.action';
  return null;
}

/**
 * Logs every security event as a structured line of the JSON log: what happened, to whose account
 * (`userId`), by which operation, with which answer, from which client; the request logger adds the
 * request id. A failed sign-in and a lockout are logged as warnings, like refused access.
 */
export function logSecurityEvents(app: FastifyInstance): void {
  app.decorateRequest('securitySubject', null);
  app.decorateRequest('secondFactorPending', false);
  app.addHook('onResponse', async (request, reply) => {
    const securityEvent = eventOf(request, reply);
    if (!securityEvent) return;
    const warning = ['sign-in.failed', 'sign-in.locked-out', 'access.forbidden'].includes(securityEvent);
    request.log[warning ? 'warn' : 'info'](
      {
        securityEvent,
        userId: request.account?.userId ?? request.securitySubject,
        operationId: request.routeOptions.config.operationId,
        status: reply.statusCode,
        client: clientOf(request.ip),
      },
      'security event',
    );
  });
}
