import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { rowsOf } from '../../db/database';
import { newAddress, signedInAdmin, signedInInvestor, uniqueEmail } from '../../testing/accounts';
import { acceptInvitation, invitationLinkFor, inviteAdmin, invitedAdmin } from '../../testing/admins';
import { createTestApp } from '../../testing/app';
import { expectContract } from '../../testing/contract';
import { testDatabase } from '../../testing/database';
import { approveProposal } from '../../testing/money';
import { totpCode } from '../auth/totp';
import { wrongCodeMessage } from '../auth/two-factor';
import { stepUpCodeNeededMessage } from '../step-up/step-up';
import {
  invitationAcceptedMessage,
  invitationCancelledMessage,
  invitationExpiredMessage,
  unknownInvitationIdMessage,
  unknownInvitationMessage,
} from './admin-team';

/*
 * An admin cancels an invitation not yet accepted: its link stops working at once, as if it had never
 * been sent, and the address may be invited again. Cancelling only takes a way in away, so one admin
 * does it alone, even once changing the team needs two; with two-factor on, with a fresh code.
 *
 * The tests run in order on one database: its team grows from one admin to two.
 */

type Actor = { headers: { authorization: string } };
type Invitation = { _id: string; email: string; invitedBy: { _id: string }; expiresAt: string };

let app: FastifyInstance;
let ada: Awaited<ReturnType<typeof signedInAdmin>>;
let grace: Awaited<ReturnType<typeof invitedAdmin>>;

beforeAll(async () => {
  app = await createTestApp();
  ada = await signedInAdmin(app, { fullname: 'ada admin' });
  return () => app.close();
});

afterEach(() => {
  vi.useRealTimers();
});

async function cancel(actor: Actor | null, invitationId: string, payload?: object) {
  const response = await app.inject({
    method: 'DELETE',
    url: `/api/v1/admin/admin-invitations/${invitationId}`,
    headers: actor?.headers ?? {},
    remoteAddress: newAddress(),
    ...(payload ? { payload } : {}),
  });
  await expectContract('adminCancelAdminInvitation', response);
  return response;
}

async function waiting(actor: Actor = ada): Promise<Invitation[]> {
  const response = await app.inject({ method: 'GET', url: '/api/v1/admin/admins', headers: actor.headers });
  await expectContract('adminListAdmins', response);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().invitations;
}

/** The invitation waiting for `email`, as the Team screen lists it. */
async function waitingFor(email: string): Promise<Invitation> {
  const invitation = (await waiting()).find((item) => item.email === email);
  if (!invitation) throw new Error(`No invitation waits for ${email}`);
  return invitation;
}

async function cancellations() {
  const { db } = await testDatabase();
  return rowsOf<{
    actor_id: string;
    target_type: string;
    target_id: string;
    details: Record<string, unknown>;
  }>(
    await db.execute(
      sql`SELECT actor_id, target_type, target_id, details FROM audit_log
        WHERE action = 'admin.invitation-cancel' ORDER BY created_at`,
    ),
  );
}

describe('cancelling an invitation', () => {
  it('kills its link at once, is audited, and frees the address', async () => {
    const email = uniqueEmail('grace');
    expect((await inviteAdmin(app, ada, email)).statusCode).toBe(201);
    const link = await invitationLinkFor(email);
    const invitation = await waitingFor(email);

    const cancelled = await cancel(ada, invitation._id);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toEqual({ msg: `Invitation to ${email} cancelled: its link no longer works.` });
    expect(await waiting()).toEqual([]);
    // The link answers as one never sent.
    const followed = await acceptInvitation(app, link);
    expect(followed.statusCode).toBe(400);
    expect(followed.json()).toEqual({ msg: unknownInvitationMessage });
    expect(await cancellations()).toEqual([
      {
        actor_id: ada.id,
        target_type: 'admin_invitation',
        target_id: invitation._id,
        details: { email, invitedById: ada.id, expiresAt: invitation.expiresAt },
      },
    ]);
    const { db } = await testDatabase();
    const [stored] = rowsOf<{ cancelled_by_id: string; accepted_at: string | null }>(
      await db.execute(
        sql`SELECT cancelled_by_id, accepted_at FROM admin_invitations WHERE id = ${invitation._id}`,
      ),
    );
    expect(stored).toEqual({ cancelled_by_id: ada.id, accepted_at: null });

    // Cancelled once: a second cancel is told so, and writes nothing.
    const twice = await cancel(ada, invitation._id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ msg: invitationCancelledMessage });
    expect(await cancellations()).toHaveLength(1);

    // The address may be invited again; the new link works, the old one still does not.
    grace = await invitedAdmin(app, email, ada, undefined, 'grace admin');
    const old = await acceptInvitation(app, link);
    expect(old.statusCode).toBe(400);
    expect(old.json()).toEqual({ msg: unknownInvitationMessage });
  });

  it('refuses an accepted invitation, an expired one and an unknown id', async () => {
    const { db } = await testDatabase();
    const [accepted] = rowsOf<{ id: string }>(
      await db.execute(
        sql`SELECT id FROM admin_invitations WHERE email = ${grace.email} AND accepted_at IS NOT NULL`,
      ),
    );
    const onceAccepted = await cancel(ada, accepted?.id ?? '');
    expect(onceAccepted.statusCode).toBe(409);
    expect(onceAccepted.json()).toEqual({ msg: invitationAcceptedMessage });

    // With two admins an invitation needs a second one's approval before it exists.
    const email = uniqueEmail('late');
    await approveProposal(app, grace, await inviteAdmin(app, ada, email));
    const invitation = await waitingFor(email);
    await db.execute(
      sql`UPDATE admin_invitations SET expires_at = now() - interval '1 minute' WHERE id = ${invitation._id}`,
    );
    const expired = await cancel(ada, invitation._id);
    expect(expired.statusCode).toBe(409);
    expect(expired.json()).toEqual({ msg: invitationExpiredMessage });

    const unknown = await cancel(ada, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ msg: unknownInvitationIdMessage });
    expect((await cancel(ada, 'not-an-id')).statusCode).toBe(400);
    expect(await cancellations()).toHaveLength(1);
  });

  it('with two admins, one of them cancels alone, whoever invited', async () => {
    const email = uniqueEmail('hal');
    const proposed = await inviteAdmin(app, ada, email);
    await approveProposal(app, grace, proposed);
    const link = await invitationLinkFor(email);
    const invitation = await waitingFor(email);

    // Grace approved Ada's invitation; Ada cancels it with no one's approval.
    const cancelled = await cancel(ada, invitation._id);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await acceptInvitation(app, link)).json()).toEqual({ msg: unknownInvitationMessage });
    expect((await cancellations()).at(-1)).toMatchObject({
      actor_id: ada.id,
      details: { email, invitedById: ada.id, approvalId: proposed.json().approval._id },
    });
    const approvals = await app.inject({
      method: 'GET',
      url: '/api/v1/admin/approvals',
      query: { status: 'pending' },
      headers: ada.headers,
    });
    expect(approvals.json().items).toEqual([]);

    // Any admin cancels, not only the one who invited.
    const other = uniqueEmail('ivy');
    await approveProposal(app, ada, await inviteAdmin(app, grace, other));
    const byAda = await cancel(ada, (await waitingFor(other))._id);
    expect(byAda.statusCode, byAda.body).toBe(200);
  });

  it('only admins cancel', async () => {
    const email = uniqueEmail('kept');
    await approveProposal(app, grace, await inviteAdmin(app, ada, email));
    const invitation = await waitingFor(email);
    const investor = await signedInInvestor(app);
    expect((await cancel(investor, invitation._id)).statusCode).toBe(403);
    expect((await cancel(null, invitation._id)).statusCode).toBe(401);
    expect(await waitingFor(email)).toEqual(invitation);
  });
});

describe('with two-factor on', () => {
  let clock = Date.now();
  function nextStep(): Date {
    clock = Math.max(clock, Date.now()) + 30_000;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(clock);
    return new Date(clock);
  }

  it('an admin cancels only with a fresh code from the app', async () => {
    const setup = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/two-factor/setup',
      headers: ada.headers,
    });
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret } = setup.json() as { secret: string };
    const enabled = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/two-factor/enable',
      headers: ada.headers,
      payload: { password: ada.password, code: totpCode(secret, nextStep()) },
    });
    expect(enabled.statusCode, enabled.body).toBe(200);

    const email = uniqueEmail('strict');
    await approveProposal(app, grace, await inviteAdmin(app, ada, email, totpCode(secret, nextStep())));
    const link = await invitationLinkFor(email);
    const invitation = await waitingFor(email);

    const noCode = await cancel(ada, invitation._id);
    expect(noCode.statusCode).toBe(403);
    expect(noCode.json()).toEqual({ msg: stepUpCodeNeededMessage });
    const wrong = await cancel(ada, invitation._id, { twoFactorCode: '000000' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ msg: wrongCodeMessage });
    expect(await waitingFor(email)).toEqual(invitation);

    const cancelled = await cancel(ada, invitation._id, { twoFactorCode: totpCode(secret, nextStep()) });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    vi.useRealTimers();
    expect((await acceptInvitation(app, link)).json()).toEqual({ msg: unknownInvitationMessage });
  });
});
