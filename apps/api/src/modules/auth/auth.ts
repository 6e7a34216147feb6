import type { Operations } from '../../http/operations';
import type { Services } from '../../services';
import { antiPhishingPhraseOperations } from './anti-phishing-phrase';
import { emailChangeOperations } from './email-change';
import { passwordResetOperations } from './password-reset';
import { registrationOperations } from './registration';
import { signInOperations } from './sign-in';

/** Accounts and sessions: `/auth/*`. */
export function authOperations(services: Services) {
  return {
    ...registrationOperations(services),
    ...signInOperations(services),
    ...passwordResetOperations(services),
    ...emailChangeOperations(services),
    ...antiPhishingPhraseOperations(services),
  } satisfies Operations;
}
