import { type Schemas, unwrap } from '@ledgerline/api-client';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api';
import { $api } from './queryClient';

export type Profile = Schemas['UserInfo'];

/**
 * The whole profile (the user-info query: the top bar's name shows it too). A failure is logged and
 * the page shows an empty profile, with no message.
 */
export const profileQuery = queryOptions({
  queryKey: $api.queryOptions('get', '/users/user-info').queryKey,
  queryFn: async ({ signal }): Promise<Profile> => {
    try {
      return await unwrap(api.GET('/users/user-info', { signal }));
    } catch (error) {
      console.error('Could not load the profile', error);
      return {};
    }
  },
});
