import type { Operations } from '../../http/operations';
import type { Services } from '../../services';
import type { FailedSignIns } from './failed-sign-ins';
import { passwordResetOperations } from './password-reset';
import { registrationOperations } from './registration';
import { signInOperations } from './sign-in';

/** Accounts and sessions: `/auth/*`. */
export function authOperations(services: Services, failedSignIns: FailedSignIns) {
  return {
    ...registrationOperations(services),
    ...signInOperations(services, failedSignIns),
    ...passwordResetOperations(services),
  } satisfies Operations;
}
