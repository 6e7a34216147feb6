import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInAdmin, signedInInvestor } from '../../testing/accounts';
import { createTestApp } from '../../testing/app';
import { mailSink } from '../../testing/mail-sink';
import {
  createWallets,
  fundedInvestor,
  requestDeposit,
  requestWithdrawal,
  review,
  submitKyc,
} from '../../testing/money';

let app: FastifyInstance;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;

beforeAll(async () => {
  app = await createTestApp();
  admin = await signedInAdmin(app);
  await createWallets(app, admin);
  return () => app.close();
});

/** The outcome mails `email` received, once the server's deferred mail has gone. */
async function mailTo(email: string) {
  await app.deferred.settled();
  return (await mailSink()).received.filter(
    // Not the sign-up mail, nor the security mails ("Ledgerline: A withdrawal was requested").
    (mail) =>
      mail.envelopeTo.includes(email) &&
      !mail.subject?.startsWith('Verify your email') &&
      !mail.subject?.startsWith('Ledgerline: '),
  );
}

describe('the owner of a reviewed request is mailed the outcome', () => {
  it('an approved deposit: its amount and reference, once however many admins approve it', async () => {
    const investor = await signedInInvestor(app, { fullname: 'jane doe' });
    const deposit = (await requestDeposit(app, investor, '250')).json().transaction;
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => review(app, admin, 'deposits', deposit._id, 'approve')),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const mails = await mailTo(investor.email);
    expect(mails.map((mail) => mail.subject)).toEqual(['Your deposit of $250.00 was approved']);
    expect(mails[0]?.text).toContain(
      `Hello jane doe, your deposit ${deposit.ref} of $250.00 was approved and is in your available balance.`,
    );
    expect(mails[0]?.html).toContain('/dashboard/transaction-history');
  });

  it('a rejected deposit: the reviewer’s reason, as typed, escaped in HTML', async () => {
    const investor = await signedInInvestor(app);
    const deposit = (await requestDeposit(app, investor, '99.5')).json().transaction;
    const reason = 'The receipt is for <another> amount & date.';
    expect((await review(app, admin, 'deposits', deposit._id, 'reject', reason)).statusCode).toBe(200);
    const [mail] = await mailTo(investor.email);
    expect(mail?.subject).toBe('Your deposit of $99.50 was not approved');
    expect(mail?.text).toContain(`The reason given: ${reason}`);
    expect(mail?.html).toContain('The reason given: The receipt is for &lt;another&gt; amount &amp; date.');
  });

  it('a withdrawal: approved names the address and network; rejected says the amount is back', async () => {
    const investor = await fundedInvestor(app, admin, '100');
    const sent = (await requestWithdrawal(app, investor, '30')).json().transaction;
    const refused = (await requestWithdrawal(app, investor, '20')).json().transaction;
    expect((await review(app, admin, 'withdrawals', sent._id, 'approve')).statusCode).toBe(200);
    expect(
      (await review(app, admin, 'withdrawals', refused._id, 'reject', 'Address belongs to a mixer'))
        .statusCode,
    ).toBe(200);
    const mails = (await mailTo(investor.email)).slice(1);
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Your withdrawal of $30.00 was approved',
      'Your withdrawal of $20.00 was not approved',
    ]);
    expect(mails[0]?.text).toContain(`to ${sent.address} on the BTC network`);
    expect(mails[1]?.text).toContain('The amount is back in your available balance.');
    expect(mails[1]?.text).toContain('The reason given: Address belongs to a mixer');
  });

  it('a KYC review, approved or rejected with its reason', async () => {
    for (const verdict of ['approve', 'reject'] as const) {
      const investor = await signedInInvestor(app);
      const submitted = await submitKyc(app, investor);
      const kycId = submitted.json().kyc._id;
      const reviewed = await app.inject({
        method: 'POST',
        url: `/api/v1/admin/kyc/${kycId}/${verdict}`,
        headers: admin.headers,
        ...(verdict === 'reject' ? { payload: { reason: 'The photo is cut off' } } : {}),
      });
      expect(reviewed.statusCode, reviewed.body).toBe(200);
      const [mail] = await mailTo(investor.email);
      if (verdict === 'approve') {
        expect(mail?.subject).toBe('Your identity is verified');
      } else {
        expect(mail?.subject).toBe('Your identity document was not approved');
        expect(mail?.text).toContain('The reason given: The photo is cut off');
      }
    }
  });
});
