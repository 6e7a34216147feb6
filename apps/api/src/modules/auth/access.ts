import type { OperationId } from '@ledgerline/api-client/contract';
import type { FastifyRequest } from 'fastify';
import { apiPrefix } from '../../http/contract';
import { HttpError } from '../../http/errors';
import type { Services } from '../../services';
import { bearerToken, findSignedInAccount, sessionEndedMessage } from './sessions';
import { mustHaveTwoFactor } from './two-factor';

export const newPasswordRequiredMessage =
  'Choose a new password first: the one printed at start-up must be changed before anything else.';

/** What an account that must choose a new password may still do: read its info, choose it, sign out. */
const allowedBeforeNewPassword: ReadonlySet<OperationId> = new Set(['getUserInfo', 'logout']);

function isAllowedBeforeNewPassword(request: FastifyRequest): boolean {
  const operationId = request.routeOptions.config.operationId;
  if (operationId === undefined) return false;
  if (allowedBeforeNewPassword.has(operationId)) return true;
  // Of the user-info update's forms only the password change; the others (a multipart profile form
  // has no parsed body here) wait. The contract already told the JSON forms apart by their fields.
  const body: unknown = request.body;
  return (
    operationId === 'updateUserInfo' && typeof body === 'object' && body !== null && 'currentPassword' in body
  );
}

export const twoFactorRequiredMessage =
  'Turn on two-factor authentication first: admins sign in with a code from an authenticator app.';

/** What an admin without two-factor may do: read their info and security settings, enrol, sign out. */
const allowedBeforeTwoFactor: ReadonlySet<OperationId> = new Set([
  'getUserInfo',
  'logout',
  'getSecurity',
  'setupTwoFactor',
  'enableTwoFactor',
]);

/**
 * The contract's `bearerAuth` security scheme: a live session is required, and under `/admin` the
 * admin role too (403 otherwise). An account that must choose a new password (the admin generated at
 * start-up, whose password was printed on the console) is refused everything else with 403 until it
 * has: only its info, the password change and sign-out answer. Runs on every operation that declares
 * the scheme, including those that answer 501 until part 2 builds them.
 */
export function bearerAuth({ config, db, sessionChecks }: Pick<Services, 'config' | 'db' | 'sessionChecks'>) {
  return async (request: FastifyRequest): Promise<void> => {
    const token = bearerToken(request);
    const account = token ? await findSignedInAccount(db, sessionChecks, token, config) : null;
    if (!account) throw new HttpError(401, sessionEndedMessage);
    request.account = account;
    if (request.routeOptions.url?.startsWith(`${apiPrefix}/admin/`) && account.role !== 'admin') {
      throw new HttpError(403, 'Admin role required');
    }
    if (account.mustChangePassword && !isAllowedBeforeNewPassword(request)) {
      throw new HttpError(403, newPasswordRequiredMessage);
    }
    const operationId = request.routeOptions.config.operationId;
    if (
      !account.twoFactorEnabled &&
      mustHaveTwoFactor(account, config) &&
      !(operationId && allowedBeforeTwoFactor.has(operationId)) &&
      !isAllowedBeforeNewPassword(request)
    ) {
      throw new HttpError(403, twoFactorRequiredMessage);
    }
  };
}
