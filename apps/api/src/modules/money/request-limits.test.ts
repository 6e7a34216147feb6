import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAdmin } from '../../testing/accounts';
import { createTestApp } from '../../testing/app';
import { expectContract } from '../../testing/contract';
import { createWallets, figures, fundedInvestor, requestWithdrawal } from '../../testing/money';

// Anti-automation on withdrawals: this file's own app, so that no other test's requests count.
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('withdrawal requests', () => {
  it('are limited to 60 a minute from one client: the next is a 429 and holds nothing', async () => {
    const admin = await signedInAdmin(app);
    await createWallets(app, admin);
    const investor = await fundedInvestor(app, admin, '100.00');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 61; attempt++) {
      const response = await requestWithdrawal(app, investor, '1.00');
      await expectContract('createWithdrawal', response);
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 60).every((status) => status === 201)).toBe(true);
    expect(statuses[60]).toBe(429);
    // Sixty holds of $1.00, none for the refused one.
    expect((await figures(app, investor)).availableBalance).toBe(40);
  });
});
