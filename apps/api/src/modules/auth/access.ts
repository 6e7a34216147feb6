import type { FastifyRequest } from 'fastify';
import { apiPrefix } from '../../http/contract';
import { HttpError } from '../../http/errors';
import type { Services } from '../../services';
import { bearerToken, findSignedInAccount, sessionEndedMessage } from './sessions';

/**
 * The contract's `bearerAuth` security scheme: a live session is required, and under `/admin` the
 * admin role too (403 otherwise). Runs on every operation that declares the scheme, including those
 * that answer 501 until part 2 builds them.
 */
export function bearerAuth({ config, db }: Pick<Services, 'config' | 'db'>) {
  return async (request: FastifyRequest): Promise<void> => {
    const token = bearerToken(request);
    const account = token ? await findSignedInAccount(db, token, config) : null;
    if (!account) throw new HttpError(401, sessionEndedMessage);
    request.account = account;
    if (request.routeOptions.url?.startsWith(`${apiPrefix}/admin/`) && account.role !== 'admin') {
      throw new HttpError(403, 'Admin role required');
    }
  };
}
