import { unwrap } from '@ledgerline/api-client';
import { fixtures, mocks } from '@ledgerline/api-client/mocks';
import { beforeEach, expect, it } from 'vitest';
import { signedInClient, useMockServer } from './mock-server';

const server = useMockServer();
const client = signedInClient();
const userInfo = (fields?: string) =>
  unwrap(client.GET('/users/user-info', { params: { query: fields === undefined ? {} : { fields } } }));

beforeEach(() => server.use(mocks.getUserInfo()));

it('answers every property without fields', async () => {
  expect(await userInfo()).toEqual(fixtures.userInfo);
});

it('answers only the named property', async () => {
  expect(await userInfo('referralLink')).toEqual({
    referralLink: 'http://127.0.0.1:3000/sign-up?ref=jane7k2q',
  });
});

it('takes the overview\u2019s names, separated by spaces or commas', async () => {
  const overview =
    'bonus profits deposits withdrawals pendingDeposits pendingWithdrawals totalBalance moneyEarned notification investmentGoal accountTier';
  const answer = await userInfo(overview);
  expect(Object.keys(answer).sort()).toEqual(overview.split(' ').sort());
  expect(answer).toMatchObject({
    accountTier: 'Standard',
    totalBalance: 25755.4,
    notification: fixtures.notification,
  });
  expect(await userInfo('bonus,profits, deposits')).toEqual({ bonus: 125, profits: 1830.4, deposits: 25000 });
});

it('refuses an unknown property, naming fields', async () => {
  await expect(userInfo('bonus password')).rejects.toMatchObject({
    status: 400,
    msg: expect.stringMatching(/^fields/),
  });
});

it('selects from a given body too', async () => {
  server.use(mocks.getUserInfo({ body: fixtures.newUserInfo }));
  expect(await userInfo('totalBalance notification')).toEqual({ totalBalance: 0, notification: null });
});
