import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { newAddress, signIn, strongPassword, userIdOf } from './accounts';
import { testPublicUrl } from './app';
import { expectContract } from './contract';
import { linkIn, mailSink } from './mail-sink';
import { approveProposal } from './money';

type Actor = { headers: { authorization: string } };

/** Invites `email` to join the admins as `inviter`: answers the 201 or 202 answer, checked against the contract. */
export async function inviteAdmin(
  app: FastifyInstance,
  inviter: Actor,
  email: string,
  twoFactorCode?: string,
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/admin/admins',
    headers: inviter.headers,
    remoteAddress: newAddress(),
    payload: { email, ...(twoFactorCode ? { twoFactorCode } : {}) },
  });
  await expectContract('adminInviteAdmin', response);
  return response;
}

/** The newest invitation link mailed to `email`, waiting for it to arrive. */
export async function invitationLinkFor(email: string): Promise<URL> {
  const sink = await mailSink();
  const mails = () => sink.received.filter((mail) => mail.envelopeTo.includes(email));
  await sink.waitForMail(email, (mail) => /invited/i.test(mail.subject ?? ''));
  const newest = mails()
    .filter((mail) => /invited/i.test(mail.subject ?? ''))
    .at(-1);
  if (!newest) throw new Error(`No invitation to ${email}`);
  return linkIn(newest, `${testPublicUrl}/admin-invitation`);
}

/** Follows an invitation link with a name and a password: answers the response. */
export async function acceptInvitation(
  app: FastifyInstance,
  link: URL,
  fields: { fullname?: string; password?: string } = {},
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/admin-invitation/accept',
    remoteAddress: newAddress(),
    payload: {
      token: link.searchParams.get('token'),
      fullname: fields.fullname ?? 'invited admin',
      password: fields.password ?? strongPassword(),
    },
  });
  await expectContract('acceptAdminInvitation', response);
  return response;
}

/**
 * An admin who joined as people do: invited by `inviter` (and, once the platform has two admins,
 * approved by `approver`), the mailed link followed, then signed in.
 */
export async function invitedAdmin(
  app: FastifyInstance,
  email: string,
  inviter: Actor,
  approver?: Actor,
  fullname = 'invited admin',
) {
  const invited = await inviteAdmin(app, inviter, email);
  if (invited.statusCode === 202) {
    if (!approver) throw new Error('Inviting is a proposal here: pass an approver');
    await approveProposal(app, approver, invited);
  } else {
    expect(invited.statusCode, invited.body).toBe(201);
  }
  const password = strongPassword();
  const accepted = await acceptInvitation(app, await invitationLinkFor(email), { fullname, password });
  expect(accepted.statusCode, accepted.body).toBe(200);
  const session = await signIn(app, { email, password });
  return {
    email,
    password,
    fullname,
    id: await userIdOf(email),
    token: session.token,
    headers: { authorization: `Bearer ${session.token}` },
  };
}
