import type { components } from '../../generated/schema';
import { addressBookEmpty, addressBookNow } from '../fixtures/withdrawal-addresses';
import { InvalidRequest, jsonOperation } from '../mock-operation';

type Schemas = components['schemas'];

/** The address book of Profile → Security and the lock that limits withdrawals to it. */
export const withdrawalAddressMocks = {
  listWithdrawalAddresses: jsonOperation('listWithdrawalAddresses', 'get', '/users/withdrawal-addresses', {
    status: 200,
    fixture: () => addressBookEmpty,
  }),
  /** Saves what was sent, held for a day from the stories' now. */
  createWithdrawalAddress: jsonOperation('createWithdrawalAddress', 'post', '/users/withdrawal-addresses', {
    status: 201,
    fixture: async ({ request }) => {
      const body = (await request.json()) as Schemas['WithdrawalAddressRequest'];
      if (!body.label?.trim()) throw new InvalidRequest('label is required');
      return {
        msg: 'Address saved',
        address: {
          _id: '5c0e2a4b-6d8f-4a1c-9e3b-7f5d1a9c3e6b',
          type: body.type,
          network: body.network,
          address: body.address,
          label: body.label.trim(),
          usableFrom: new Date(addressBookNow + 1440 * 60_000).toISOString(),
          createdAt: new Date(addressBookNow).toISOString(),
        },
      };
    },
  }),
  deleteWithdrawalAddress: jsonOperation(
    'deleteWithdrawalAddress',
    'delete',
    '/users/withdrawal-addresses/{addressId}',
    { status: 200, fixture: () => ({ msg: 'Address removed' }) },
  ),
  setWithdrawalAddressLock: jsonOperation(
    'setWithdrawalAddressLock',
    'put',
    '/users/withdrawal-address-lock',
    {
      status: 200,
      fixture: async ({ request }) => {
        const { enabled } = (await request.json()) as Schemas['WithdrawalAddressLockRequest'];
        return {
          msg: enabled
            ? 'Withdrawals may go only to your saved addresses'
            : 'Withdrawals may go to any address',
          lockEnabled: enabled,
          lockOffAt: null,
        };
      },
    },
  ),
  cancelWithdrawalAddressLockOff: jsonOperation(
    'cancelWithdrawalAddressLockOff',
    'post',
    '/users/withdrawal-address-lock/cancel-off',
    {
      status: 200,
      fixture: () => ({ msg: 'The lock stays on. Withdrawals may go only to your saved addresses.' }),
    },
  ),
};
