import { type Schemas, unwrap } from '@ledgerline/api-client';
import { api } from '../../../api/api';

export type Profile = Schemas['UserInfo'];

/**
 * The whole profile. A failure is logged and the page shows an empty profile, with
 * no message.
 */
export async function loadProfile(): Promise<Profile> {
  try {
    return await unwrap(api.GET('/users/user-info'));
  } catch (error) {
    console.error('Could not load the profile', error);
    return {};
  }
}
