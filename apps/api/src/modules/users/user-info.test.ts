import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, users } from '../../db/schema';
import { newAddress, signedInInvestor, signIn, strongPassword } from '../../testing/accounts';
import { createTestApp } from '../../testing/app';
import { expectContract } from '../../testing/contract';
import { testDatabase } from '../../testing/database';
import { fieldsForm, multipartForm } from '../../testing/multipart';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

/** Whoever calls: an investor's bearer header, or no header at all. */
type Investor = { headers: Record<string, string> };

async function getInfo(investor: Pick<Investor, 'headers'>, fields?: string) {
  const response = await app.inject({
    method: 'GET',
    url: '/api/v1/users/user-info',
    query: fields === undefined ? {} : { fields },
    headers: investor.headers,
  });
  await expectContract('getUserInfo', response);
  return response;
}

async function patchJson(investor: Pick<Investor, 'headers'>, payload: unknown) {
  const response = await app.inject({
    method: 'PATCH',
    url: '/api/v1/users/user-info',
    payload: payload as object,
    headers: investor.headers,
  });
  await expectContract('updateUserInfo', response);
  return response;
}

async function patchForm(investor: Pick<Investor, 'headers'>, form: ReturnType<typeof fieldsForm>) {
  const response = await app.inject({
    method: 'PATCH',
    url: '/api/v1/users/user-info',
    payload: form.payload,
    headers: { ...investor.headers, ...form.headers },
  });
  await expectContract('updateUserInfo', response);
  return response;
}

const allProperties = [
  '_id',
  'fullname',
  'email',
  'phone',
  'address',
  'country',
  'maritalStatus',
  'gender',
  'investmentGoal',
  'activityLogStatus',
  'referralLink',
  'referralCode',
  'role',
  'mustChangePassword',
  'accountTier',
  'totalBalance',
  'availableBalance',
  'moneyEarned',
  'bonus',
  'profits',
  'deposits',
  'withdrawals',
  'pendingDeposits',
  'pendingWithdrawals',
  'notification',
  'createdAt',
];

describe('GET /users/user-info', () => {
  it('answers every property without fields; no money exists before the ledger (part 2)', async () => {
    const investor = await signedInInvestor(app, { fullname: 'Grace Hopper', country: 'United States' });
    const response = await getInfo(investor);
    expect(response.statusCode).toBe(200);
    const info = response.json();
    expect(Object.keys(info).sort()).toEqual([...allProperties].sort());
    expect(info).toMatchObject({
      fullname: 'Grace Hopper',
      email: investor.email,
      phone: '+15551234567',
      country: 'United States',
      address: '',
      maritalStatus: '',
      gender: '',
      investmentGoal: 'retirement',
      activityLogStatus: true,
      role: 'user',
      mustChangePassword: false,
      accountTier: 'None',
      totalBalance: 0,
      availableBalance: 0,
      moneyEarned: 0,
      bonus: 0,
      profits: 0,
      deposits: 0,
      withdrawals: 0,
      pendingDeposits: 0,
      pendingWithdrawals: 0,
      notification: null,
    });
    expect(info.referralCode).toMatch(/^[a-z0-9]{8}$/);
    expect(info.referralLink).toBe(`http://ledgerline.test/sign-up?ref=${info.referralCode}`);
  });

  it('answers only the properties named in fields, separated by spaces or commas', async () => {
    const investor = await signedInInvestor(app);
    const overview =
      'bonus profits deposits withdrawals pendingDeposits pendingWithdrawals totalBalance moneyEarned notification investmentGoal accountTier';
    const response = await getInfo(investor, overview);
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json()).sort()).toEqual(overview.split(' ').sort());

    const link = await getInfo(investor, 'referralLink');
    expect(Object.keys(link.json())).toEqual(['referralLink']);

    const mixed = await getInfo(investor, 'email,fullname, role');
    expect(mixed.json()).toEqual({ email: investor.email, fullname: 'jane doe', role: 'user' });
  });

  it.each(['passwordHash', 'email password', 'referredBy', ''])(
    'refuses fields=%j with 400',
    async (fields) => {
      const investor = await signedInInvestor(app);
      const response = await getInfo(investor, fields);
      expect(response.statusCode).toBe(400);
      expect(response.json().msg).toMatch(/^fields /);
    },
  );

  it('needs a session', async () => {
    expect((await getInfo({ headers: {} })).statusCode).toBe(401);
  });

  it('shows the notification set for the user', async () => {
    const investor = await signedInInvestor(app);
    const { db } = await testDatabase();
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, investor.email));
    await db
      .insert(notifications)
      .values({ userId: user?.id ?? '', title: 'Welcome', content: '<p>Hello</p>' });
    const notification = (await getInfo(investor, 'notification')).json().notification;
    expect(notification).toMatchObject({
      title: 'Welcome',
      content: '<p>Hello</p>',
      persistent: false,
      seen: false,
    });
  });
});

describe('PATCH /users/user-info', () => {
  describe('the profile form (multipart)', () => {
    it('changes the fields sent and leaves empty ones unchanged', async () => {
      const investor = await signedInInvestor(app);
      const response = await patchForm(
        investor,
        fieldsForm({
          fullname: 'Jane Q. Doe',
          phone: '',
          country: 'Canada',
          address: '12 Example Street, Springfield',
          maritalStatus: 'married',
          gender: 'female',
          investmentGoal: '   ',
        }),
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ msg: 'Profile updated successfully' });
      const info = (await getInfo(investor)).json();
      expect(info).toMatchObject({
        fullname: 'Jane Q. Doe',
        phone: '+15551234567',
        country: 'Canada',
        address: '12 Example Street, Springfield',
        maritalStatus: 'married',
        gender: 'female',
        investmentGoal: 'retirement',
      });
    });

    it.each([
      ['role', 'admin'],
      ['email', 'thief@example.com'],
      ['totalBalance', '1000000'],
      ['emailVerified', 'true'],
      ['referralCode', 'mine'],
      ['activityLogStatus', 'true'],
    ])(
      'refuses the field %s with 400 and applies nothing, not even the valid fields',
      async (field, value) => {
        const investor = await signedInInvestor(app);
        const before = (await getInfo(investor)).json();
        const response = await patchForm(investor, fieldsForm({ fullname: 'someone else', [field]: value }));
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ msg: `${field} is not an accepted field` });
        expect((await getInfo(investor)).json()).toEqual(before);
      },
    );

    it('refuses a field named __proto__ as a malformed form', async () => {
      const investor = await signedInInvestor(app);
      const response = await patchForm(
        investor,
        multipartForm([
          { name: 'fullname', value: 'someone else' },
          { name: '__proto__', value: 'x' },
        ]),
      );
      expect(response.statusCode).toBe(400);
      expect((await getInfo(investor, 'fullname')).json()).toEqual({ fullname: 'jane doe' });
    });

    it('refuses an over-long value, a repeated field and a file, naming the field', async () => {
      const investor = await signedInInvestor(app);
      const long = await patchForm(investor, fieldsForm({ address: 'x'.repeat(201) }));
      expect(long.json()).toEqual({ msg: 'address must be at most 200 characters' });
      const repeated = await patchForm(
        investor,
        multipartForm([
          { name: 'gender', value: 'female' },
          { name: 'gender', value: 'male' },
        ]),
      );
      expect(repeated.statusCode).toBe(400);
      expect(repeated.json().msg).toMatch(/^gender must be string/);
      const file = await patchForm(
        investor,
        multipartForm([
          { name: 'fullname', filename: 'x.txt', contentType: 'text/plain', content: Buffer.from('x') },
        ]),
      );
      expect(file.statusCode).toBe(400);
      expect(file.json()).toEqual({ msg: 'fullname must be text, not a file' });
      expect((await getInfo(investor, 'address gender fullname')).json()).toEqual({
        address: '',
        gender: '',
        fullname: 'jane doe',
      });
    });

    it('refuses a truncated form with 400', async () => {
      const investor = await signedInInvestor(app);
      const form = fieldsForm({ fullname: 'x' });
      const response = await patchForm(investor, { ...form, payload: form.payload.subarray(0, 40) });
      expect(response.statusCode).toBe(400);
    });

    it('keeps a phone number in E.164, read in the country the form sets or the profile has', async () => {
      const investor = await signedInInvestor(app);
      const withCountry = await patchForm(
        investor,
        fieldsForm({ phone: '07700 900123', country: 'United Kingdom' }),
      );
      expect(withCountry.statusCode).toBe(200);
      expect((await getInfo(investor, 'phone country')).json()).toEqual({
        phone: '+447700900123',
        country: 'United Kingdom',
      });
      await patchForm(investor, fieldsForm({ phone: '07700 900456' }));
      expect((await getInfo(investor, 'phone')).json()).toEqual({ phone: '+447700900456' });
      await patchForm(investor, fieldsForm({ phone: '+1 (555) 987-6543' }));
      expect((await getInfo(investor, 'phone')).json()).toEqual({ phone: '+15559876543' });
    });

    it('refuses a phone number that is not one of the country, changing nothing', async () => {
      const investor = await signedInInvestor(app);
      const response = await patchForm(investor, fieldsForm({ phone: '07700 900123', address: '1 Main St' }));
      expect(response.statusCode).toBe(400);
      expect(response.json().msg).toMatch(/^phone must be a phone number as written in the chosen country/);
      expect((await getInfo(investor, 'phone address')).json()).toEqual({
        phone: '+15551234567',
        address: '',
      });
    });

    it('answers an all-empty form without changing anything', async () => {
      const investor = await signedInInvestor(app);
      const response = await patchForm(investor, fieldsForm({ fullname: '', phone: '' }));
      expect(response.statusCode).toBe(200);
      expect((await getInfo(investor, 'fullname')).json()).toEqual({ fullname: 'jane doe' });
    });

    it('needs a session', async () => {
      expect((await patchForm({ headers: {} }, fieldsForm({ fullname: 'x' }))).statusCode).toBe(401);
    });
  });

  describe('the activity-log switch (JSON)', () => {
    it('saves activityLogStatus, on for a new account', async () => {
      const investor = await signedInInvestor(app);
      expect((await getInfo(investor, 'activityLogStatus')).json()).toEqual({ activityLogStatus: true });
      expect((await patchJson(investor, { activityLogStatus: false })).statusCode).toBe(200);
      expect((await getInfo(investor, 'activityLogStatus')).json()).toEqual({ activityLogStatus: false });
      await patchJson(investor, { activityLogStatus: true });
      expect((await getInfo(investor, 'activityLogStatus')).json()).toEqual({ activityLogStatus: true });
    });

    it('refuses a string for the boolean', async () => {
      const investor = await signedInInvestor(app);
      const response = await patchJson(investor, { activityLogStatus: 'true' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ msg: 'activityLogStatus must be boolean' });
    });
  });

  describe('the notification seen flag (JSON)', () => {
    async function withNotification(persistent: boolean) {
      const investor = await signedInInvestor(app);
      const { db } = await testDatabase();
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, investor.email));
      await db
        .insert(notifications)
        .values({ userId: user?.id ?? '', title: 'Hi', content: '<p>x</p>', persistent });
      return investor;
    }

    it('marks the notification seen', async () => {
      const investor = await withNotification(false);
      expect((await patchJson(investor, { seen: true })).statusCode).toBe(200);
      expect((await getInfo(investor, 'notification')).json().notification.seen).toBe(true);
    });

    it('never marks a persistent notification seen', async () => {
      const investor = await withNotification(true);
      expect((await patchJson(investor, { seen: true })).statusCode).toBe(200);
      expect((await getInfo(investor, 'notification')).json().notification.seen).toBe(false);
    });

    it('changes nothing when there is no notification', async () => {
      const investor = await signedInInvestor(app);
      expect((await patchJson(investor, { seen: true })).statusCode).toBe(200);
      expect((await getInfo(investor, 'notification')).json()).toEqual({ notification: null });
    });

    it('refuses seen: false', async () => {
      const investor = await signedInInvestor(app);
      const response = await patchJson(investor, { seen: false });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ msg: 'seen must be true' });
    });
  });

  describe('the password change (JSON)', () => {
    it('needs the right currentPassword', async () => {
      const investor = await signedInInvestor(app);
      const response = await patchJson(investor, {
        currentPassword: 'not-my-password',
        newPassword: strongPassword(),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ msg: 'currentPassword is incorrect' });
    });

    it('applies the password policy to newPassword', async () => {
      const investor = await signedInInvestor(app);
      const common = await patchJson(investor, {
        currentPassword: investor.password,
        newPassword: 'password1',
      });
      expect(common.statusCode).toBe(400);
      expect(common.json().msg).toMatch(/^newPassword is one of the most commonly used passwords/);
      const short = await patchJson(investor, { currentPassword: investor.password, newPassword: 'abc' });
      expect(short.json()).toEqual({ msg: 'newPassword must be at least 8 characters' });
    });

    it('changes the password and signs out every other session, keeping this one', async () => {
      const investor = await signedInInvestor(app);
      const elsewhere = await signIn(app, investor);
      const newPassword = strongPassword();
      const response = await patchJson(investor, { currentPassword: investor.password, newPassword });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ msg: 'Password changed successfully' });
      expect((await getInfo(investor)).statusCode).toBe(200);
      expect((await getInfo({ headers: { authorization: `Bearer ${elsewhere.token}` } })).statusCode).toBe(
        401,
      );
      const login = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: investor.email, password: newPassword },
        remoteAddress: newAddress(),
      });
      expect(login.statusCode).toBe(200);
    });
  });

  describe('forms are told apart by their fields', () => {
    it.each([
      [{ currentPassword: 'x' }, 'newPassword is required'],
      [{ seen: true, activityLogStatus: false }, 'activityLogStatus is not an accepted field'],
      [
        {},
        'body must be one of: { seen } or { currentPassword, newPassword, twoFactorCode } or { activityLogStatus }',
      ],
      [
        { role: 'admin' },
        'body must be one of: { seen } or { currentPassword, newPassword, twoFactorCode } or { activityLogStatus }',
      ],
      [{ activityLogStatus: false, role: 'admin' }, 'role is not an accepted field'],
    ])('refuses %j with 400: %s', async (payload, msg) => {
      const investor = await signedInInvestor(app);
      const response = await patchJson(investor, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ msg });
      expect((await getInfo(investor, 'role activityLogStatus')).json()).toEqual({
        role: 'user',
        activityLogStatus: true,
      });
    });

    it('refuses another media type with 415', async () => {
      const investor = await signedInInvestor(app);
      const response = await app.inject({
        method: 'PATCH',
        url: '/api/v1/users/user-info',
        payload: 'fullname=x',
        headers: { ...investor.headers, 'content-type': 'application/x-www-form-urlencoded' },
      });
      await expectContract('updateUserInfo', response);
      expect(response.statusCode).toBe(415);
    });
  });
});

describe('a multipart body sent to a JSON-only operation', () => {
  it('is refused with 415 before anything is read', async () => {
    const form = fieldsForm({ email: 'jane@example.com', password: 'whatever-password' });
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: form.payload,
      headers: form.headers,
    });
    await expectContract('login', response);
    expect(response.statusCode).toBe(415);
  });
});
