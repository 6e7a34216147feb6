import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  newAddress,
  registerVerified,
  signedInInvestor,
  strongPassword,
  uniqueEmail,
} from '../../testing/accounts';
import { createTestApp } from '../../testing/app';
import { expectContract } from '../../testing/contract';
import { mailSink, type ReceivedMail } from '../../testing/mail-sink';

let app: FastifyInstance;

beforeAll(async () => {
  app = await createTestApp();
  return () => app.close();
});

type Investor = Awaited<ReturnType<typeof signedInInvestor>>;

function setPhrase(investor: Investor, phrase: string | null, password = investor.password) {
  return app.inject({
    method: 'PUT',
    url: '/api/v1/auth/anti-phishing-phrase',
    headers: investor.headers,
    payload: { phrase, password },
    remoteAddress: newAddress(),
  });
}

async function phraseShown(investor: Investor): Promise<string | null> {
  const response = await app.inject({
    method: 'GET',
    url: '/api/v1/auth/security',
    headers: investor.headers,
  });
  await expectContract('getSecurity', response);
  return response.json().antiPhishingPhrase;
}

/** The newest mail to `email` whose subject matches, once deferred mail has gone. */
async function newestMail(email: string, subject: RegExp, after: number): Promise<ReceivedMail> {
  const sink = await mailSink();
  return sink.waitForMail(
    email,
    (mail) => subject.test(mail.subject ?? '') && sink.received.indexOf(mail) >= after,
  );
}

/** Asks for a reset link: a mail of another module than this one's, sent to the account's address. */
async function resetMail(email: string): Promise<ReceivedMail> {
  const before = (await mailSink()).received.length;
  const asked = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/forgot-password',
    payload: { email },
    remoteAddress: newAddress(),
  });
  expect(asked.statusCode, asked.body).toBe(200);
  return newestMail(email, /reset/i, before);
}

describe('the anti-phishing phrase', () => {
  it('is set with the password, shown to its owner, and at the top of every mail to the account', async () => {
    const investor = await signedInInvestor(app);
    expect(await phraseShown(investor)).toBeNull();
    const before = (await mailSink()).received.length;

    const set = await setPhrase(investor, '  Blue   heron at dawn ');
    await expectContract('setAntiPhishingPhrase', set);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ msg: 'Anti-phishing phrase saved' });
    // Trimmed, runs of spaces made one.
    expect(await phraseShown(investor)).toBe('Blue heron at dawn');

    // The security mail about it already shows it; so does a reset mail, made by another module.
    const told = await newestMail(investor.email, /anti-phishing phrase was set/, before);
    for (const mail of [told, await resetMail(investor.email)]) {
      expect(mail.text?.split('\n')[0]).toBe('Your anti-phishing phrase: «Blue heron at dawn»');
      const body = (mail.html ?? '').split(/<body[^>]*>/)[1] ?? '';
      expect(body.trimStart()).toMatch(
        /^<p[^>]*>Your anti-phishing phrase: <strong>«Blue heron at dawn»<\/strong><\/p>/,
      );
    }
  });

  it('is escaped in the HTML and kept as typed in the text', async () => {
    const investor = await signedInInvestor(app);
    const set = await setPhrase(investor, "Tom & Jerry's cat");
    expect(set.statusCode, set.body).toBe(200);
    const mail = await resetMail(investor.email);
    expect(mail.text).toContain("Your anti-phishing phrase: «Tom & Jerry's cat»");
    // The HTML source as it was sent, before any client decoded it.
    expect(mail.html).toContain('«Tom &amp; Jerry&#39;s cat»');
    expect(mail.html).not.toContain("Tom & Jerry's");
  });

  it('is refused, with what is wrong, when too short, too long or holding markup; nothing changes', async () => {
    const investor = await signedInInvestor(app);
    expect((await setPhrase(investor, 'Kept phrase')).statusCode).toBe(200);
    const cases: Array<[string, string]> = [
      ['abc', 'phrase must be 4 to 32 characters'],
      ['   ab   ', 'phrase must be 4 to 32 characters'],
      ['x'.repeat(33), 'phrase must be 4 to 32 characters'],
      ['<b>bold</b>', "phrase may hold only letters, digits, spaces and . , ! ? ' - _ : ; ( ) & @ # * + = /"],
      ['costs $5', "phrase may hold only letters, digits, spaces and . , ! ? ' - _ : ; ( ) & @ # * + = /"],
    ];
    for (const [phrase, msg] of cases) {
      // A bad phrase is told before the password is checked: a wrong one here is not reached.
      const refused = await setPhrase(investor, phrase, 'not-the-password-1');
      await expectContract('setAntiPhishingPhrase', refused);
      expect({ phrase, status: refused.statusCode, body: refused.json() }).toEqual({
        phrase,
        status: 400,
        body: { msg },
      });
    }
    // Letters of other scripts are letters too.
    expect((await setPhrase(investor, 'Ünïcödé Straße 東京 ok')).statusCode).toBe(200);
    expect(await phraseShown(investor)).toBe('Ünïcödé Straße 東京 ok');
  });

  it('needs the right password: a wrong one is refused and changes nothing', async () => {
    const investor = await signedInInvestor(app);
    expect((await setPhrase(investor, 'First phrase')).statusCode).toBe(200);
    const wrong = await setPhrase(investor, 'Second phrase', strongPassword());
    await expectContract('setAntiPhishingPhrase', wrong);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ msg: 'password is incorrect' });
    expect(await phraseShown(investor)).toBe('First phrase');
    const clear = await setPhrase(investor, null, strongPassword());
    expect(clear.statusCode).toBe(400);
    expect(await phraseShown(investor)).toBe('First phrase');
  });

  it('is removed by an empty or null phrase, and mails show none after', async () => {
    const investor = await signedInInvestor(app);
    for (const empty of ['', '   ', null]) {
      expect((await setPhrase(investor, 'Some phrase')).statusCode).toBe(200);
      const cleared = await setPhrase(investor, empty);
      expect(cleared.statusCode, cleared.body).toBe(200);
      expect(cleared.json()).toEqual({ msg: 'Anti-phishing phrase removed' });
      expect(await phraseShown(investor)).toBeNull();
    }
    const mail = await resetMail(investor.email);
    expect(mail.text).not.toContain('anti-phishing phrase');
    expect(mail.html).not.toContain('anti-phishing phrase');
  });

  it('is shown only in mail to its own account', async () => {
    const investor = await signedInInvestor(app);
    expect((await setPhrase(investor, 'Mine alone')).statusCode).toBe(200);
    const other = await registerVerified(app, { email: uniqueEmail('neighbour') });
    const mail = await resetMail(other.email);
    expect(mail.text).not.toContain('Mine alone');
    expect(mail.html).not.toContain('Mine alone');
  });
});
