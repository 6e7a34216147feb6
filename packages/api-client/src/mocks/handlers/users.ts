import type { components } from '../../generated/schema';
import { userInfoFields } from '../contract-values';
import { activityLogSaved, notificationSeen, passwordChanged, profileUpdated } from '../fixtures/messages';
import { referrals } from '../fixtures/referrals';
import { userInfo } from '../fixtures/user';
import { InvalidRequest, jsonOperation } from '../mock-operation';

type UserInfo = components['schemas']['UserInfo'];

function copyField<K extends keyof UserInfo>(to: UserInfo, from: UserInfo, name: K) {
  if (name in from) to[name] = from[name];
}

/** `?fields=`: names separated by spaces or commas; only those properties are answered. */
function selectFields(user: UserInfo, fields: string | null): UserInfo {
  if (fields === null) return user;
  const names = fields.split(/[ ,]+/).filter((name) => name !== '');
  if (names.length === 0) throw new InvalidRequest('fields: must name at least one property');
  const selected: UserInfo = {};
  for (const name of names) {
    const field = userInfoFields.find((known) => known === name);
    if (field === undefined) throw new InvalidRequest(`fields: unknown property "${name}"`);
    copyField(selected, user, field);
  }
  return selected;
}

/** The four forms of `PATCH /users/user-info` each have their own message; tell them apart as the server does. */
async function updateMessage(request: Request) {
  if (request.headers.get('Content-Type')?.startsWith('multipart/form-data')) return profileUpdated;
  const body: unknown = await request.json().catch(() => null);
  if (typeof body === 'object' && body !== null) {
    if ('currentPassword' in body) return passwordChanged;
    if ('activityLogStatus' in body) return activityLogSaved;
    if ('seen' in body) return notificationSeen;
  }
  return profileUpdated;
}

export const usersMocks = {
  /** Honours `?fields=`, on the default user and on a given `body` alike. */
  getUserInfo: jsonOperation('getUserInfo', 'get', '/users/user-info', {
    status: 200,
    fixture: () => userInfo,
    answer: ({ body, url }) => Response.json(selectFields(body, url.searchParams.get('fields'))),
  }),
  updateUserInfo: jsonOperation('updateUserInfo', 'patch', '/users/user-info', {
    status: 200,
    fixture: ({ request }) => updateMessage(request),
  }),
  listReferrals: jsonOperation('listReferrals', 'get', '/referrals', {
    status: 200,
    fixture: () => referrals,
  }),
};
