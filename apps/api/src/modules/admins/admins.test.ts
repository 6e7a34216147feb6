import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { rowsOf } from '../../db/database';
import {
  newAddress,
  signedInAdmin,
  signedInInvestor,
  signIn,
  strongPassword,
  uniqueEmail,
} from '../../testing/accounts';
import { acceptInvitation, invitationLinkFor, inviteAdmin, invitedAdmin } from '../../testing/admins';
import { createTestApp } from '../../testing/app';
import { expectContract } from '../../testing/contract';
import { testDatabase } from '../../testing/database';
import { mailSink } from '../../testing/mail-sink';
import { twoFactorRequiredMessage } from '../auth/access';
import { totpCode } from '../auth/totp';
import { stepUpCodeNeededMessage } from '../step-up/step-up';
import { expiredInvitationMessage, unknownInvitationMessage, usedInvitationMessage } from './admin-team';
import {
  alreadyAdminMessage,
  invitationProposedMessage,
  lastAdminMessage,
  noApproverMessage,
  notAdminMessage,
  pendingInvitationMessage,
} from './team';

/*
 * The team of admins is changed in the back office, never by restarting the server. While the
 * platform has one admin, their invitation is made at once; from two admins on, no one of them
 * changes the team alone: an invitation or a removal is proposed by one and applied when another
 * approves it. A removal is approved by an admin who neither proposed it nor is the one removed, and
 * the last admin is never removed.
 *
 * The tests run in order on one database: its team grows from one admin and shrinks back to one.
 */

type Actor = { headers: { authorization: string } };

// The approvals module's answers (this module's tests may not import it: it imports this module).
const ownProposalMessage = 'You proposed this: another admin must approve it.';
const ownRemovalMessage = 'This proposal removes you: another admin must approve it.';
type Team = {
  items: { _id: string; fullname: string; email: string; twoFactorEnabled: boolean; since: string }[];
  invitations: { _id: string; email: string; invitedBy: { _id: string }; expiresAt: string }[];
};

let app: FastifyInstance;
let ada: Awaited<ReturnType<typeof signedInAdmin>>;
let grace: Awaited<ReturnType<typeof invitedAdmin>>;
let ivan: Awaited<ReturnType<typeof invitedAdmin>>;

beforeAll(async () => {
  app = await createTestApp();
  ada = await signedInAdmin(app, { fullname: 'ada admin' });
  return () => app.close();
});

afterEach(() => {
  vi.useRealTimers();
});

function call(actor: Actor | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
  return app.inject({
    method,
    url: `/api/v1${url}`,
    headers: actor?.headers ?? {},
    remoteAddress: newAddress(),
    ...(payload ? { payload } : {}),
  });
}

async function team(actor: Actor = ada): Promise<Team> {
  const response = await call(actor, 'GET', '/admin/admins');
  await expectContract('adminListAdmins', response);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function approve(actor: Actor, approvalId: string, payload?: object) {
  const response = await call(actor, 'POST', `/admin/approvals/${approvalId}/approve`, payload);
  await expectContract('adminApproveApproval', response);
  return response;
}

async function proposeRemoval(actor: Actor, userId: string, payload?: object) {
  const response = await call(actor, 'DELETE', `/admin/admins/${userId}`, payload);
  await expectContract('adminRemoveAdmin', response);
  return response;
}

async function auditActions(action: string) {
  const { db } = await testDatabase();
  return rowsOf<{ actor_id: string; target_type: string; details: Record<string, unknown> }>(
    await db.execute(
      sql`SELECT actor_id, target_type, details FROM audit_log WHERE action = ${action} ORDER BY created_at`,
    ),
  );
}

const mailsTo = async (email: string) =>
  (await mailSink()).received.filter((mail) => mail.envelopeTo.includes(email));

describe('with one admin', () => {
  it('an invitation is made at once and mails a link valid for 72 hours', async () => {
    expect((await team()).items.map((admin) => admin.email)).toEqual([ada.email]);
    const email = uniqueEmail('grace');
    const before = Date.now();
    const invited = await inviteAdmin(app, ada, email.toUpperCase());
    expect(invited.statusCode, invited.body).toBe(201);
    const { invitation } = invited.json();
    expect(invitation).toMatchObject({ email, invitedBy: { _id: ada.id } });
    const hours = (Date.parse(invitation.expiresAt) - before) / 3_600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThan(72.1);

    const link = await invitationLinkFor(email);
    expect(link.origin + link.pathname).toBe('http://ledgerline.test/admin-invitation');
    expect(link.searchParams.get('token')?.length).toBeGreaterThanOrEqual(43);
    expect((await team()).invitations).toEqual([expect.objectContaining({ _id: invitation._id, email })]);
    // Only the token's hash is kept.
    const { db } = await testDatabase();
    const stored = rowsOf<{ token_hash: string }>(
      await db.execute(sql`SELECT token_hash FROM admin_invitations WHERE email = ${email}`),
    );
    expect(stored[0]?.token_hash).not.toBe(link.searchParams.get('token'));

    // An address with an invitation waiting, and an admin's, are refused with a plain message.
    const again = await inviteAdmin(app, ada, email);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ msg: pendingInvitationMessage });
    const admin = await inviteAdmin(app, ada, ada.email);
    expect(admin.statusCode).toBe(409);
    expect(admin.json()).toEqual({ msg: alreadyAdminMessage });
    expect(await auditActions('admin.invite')).toEqual([
      expect.objectContaining({ actor_id: ada.id, target_type: 'admin_invitation' }),
    ]);

    // Following it makes a verified admin, who signs in as usual.
    const password = strongPassword();
    const accepted = await acceptInvitation(app, link, { fullname: ' Grace Hopper ', password });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().msg).toContain(email);
    const session = await signIn(app, { email, password });
    expect(session.role).toBe('admin');
    grace = {
      email,
      password,
      fullname: 'Grace Hopper',
      id: (await team()).items.find((item) => item.email === email)?._id ?? '',
      token: session.token,
      headers: { authorization: `Bearer ${session.token}` },
    };
    const members = (await team(grace)).items;
    expect(members.map((item) => item.email).sort()).toEqual([ada.email, email].sort());
    expect(members.find((item) => item.email === email)).toMatchObject({
      fullname: 'Grace Hopper',
      twoFactorEnabled: false,
    });
    expect((await team()).invitations).toEqual([]);
    expect(await auditActions('admin.accept')).toEqual([
      expect.objectContaining({ actor_id: grace.id, target_type: 'user' }),
    ]);

    // The link works once.
    const twice = await acceptInvitation(app, link, { password: strongPassword() });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({ msg: usedInvitationMessage });
  });

  it('refuses an unknown link and a password the policy refuses, and only admins invite', async () => {
    const unknown = await acceptInvitation(app, new URL('http://ledgerline.test/?token=nothing'));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ msg: unknownInvitationMessage });
    const weak = await acceptInvitation(app, new URL('http://ledgerline.test/?token=nothing'), {
      password: 'short',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().msg).toMatch(/password/);

    const investor = await signedInInvestor(app);
    expect((await call(investor, 'POST', '/admin/admins', { email: uniqueEmail() })).statusCode).toBe(403);
    expect((await call(null, 'POST', '/admin/admins', { email: uniqueEmail() })).statusCode).toBe(401);
    expect((await call(investor, 'GET', '/admin/admins')).statusCode).toBe(403);
  });
});

describe('with two admins or more', () => {
  it('an invitation is a proposal the proposer cannot approve and another admin can', async () => {
    const email = uniqueEmail('hal');
    const proposed = await inviteAdmin(app, ada, email);
    expect(proposed.statusCode, proposed.body).toBe(202);
    const { approval } = proposed.json();
    expect(approval).toMatchObject({
      kind: 'admin_invite',
      status: 'pending',
      ownProposal: true,
      posting: null,
      wallet: null,
      admin: { change: 'invite', email, user: null },
    });
    // Nothing is mailed or invited until it is approved; proposing it again is refused.
    expect(await mailsTo(email)).toEqual([]);
    expect((await team()).invitations).toEqual([]);
    const again = await inviteAdmin(app, grace, email);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ msg: invitationProposedMessage });

    const own = await approve(ada, approval._id);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ msg: ownProposalMessage });
    const approved = await approve(grace, approval._id);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().approval).toMatchObject({ status: 'approved', decidedBy: { _id: grace.id } });
    await invitationLinkFor(email);
    // The invitation is the proposer's; the audit log names both.
    expect((await team()).invitations).toEqual([
      expect.objectContaining({ email, invitedBy: expect.objectContaining({ _id: ada.id }) }),
    ]);
    expect((await auditActions('admin.invite')).at(-1)).toMatchObject({
      actor_id: grace.id,
      details: { email, proposedById: ada.id, approvalId: approval._id },
    });
  });

  it('refuses an expired link, and the address may then be invited again', async () => {
    const email = (await team()).invitations[0]?.email ?? '';
    const link = await invitationLinkFor(email);
    const { db } = await testDatabase();
    await db.execute(
      sql`UPDATE admin_invitations SET expires_at = now() - interval '1 minute' WHERE email = ${email}`,
    );
    const expired = await acceptInvitation(app, link);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ msg: expiredInvitationMessage });
    expect((await team()).invitations).toEqual([]);
    expect((await inviteAdmin(app, grace, email)).statusCode).toBe(202);
  });

  it('promotes an existing user: their password is replaced and their sessions end', async () => {
    const investor = await signedInInvestor(app, { fullname: 'ivan investor' });
    ivan = await invitedAdmin(app, investor.email, grace, ada, 'not the account name');
    expect((await call(investor, 'GET', '/users/user-info')).statusCode).toBe(401);
    const oldPassword = await call(null, 'POST', '/auth/login', {
      email: investor.email,
      password: investor.password,
    });
    expect(oldPassword.statusCode).toBe(401);
    expect((await team()).items.find((item) => item._id === ivan.id)).toMatchObject({
      fullname: 'ivan investor',
    });
  });

  it('a removal is approved by an admin who neither proposed it nor is removed; it ends their sessions', async () => {
    const proposed = await proposeRemoval(ada, grace.id);
    expect(proposed.statusCode, proposed.body).toBe(202);
    const { approval } = proposed.json();
    expect(approval).toMatchObject({
      kind: 'admin_remove',
      ownProposal: true,
      ownRemoval: false,
      admin: { change: 'remove', email: grace.email, user: { _id: grace.id } },
    });
    expect((await proposeRemoval(ivan, grace.id)).statusCode).toBe(409);
    // Each admin is told whether it removes them: only Grace is, and the Approvals screen says so.
    for (const [viewer, own] of [
      [grace, true],
      [ivan, false],
      [ada, false],
    ] as const) {
      const listed = await call(viewer, 'GET', '/admin/approvals?status=pending');
      await expectContract('adminListApprovals', listed);
      expect(listed.json().items).toContainEqual(
        expect.objectContaining({ _id: approval._id, ownRemoval: own, ownProposal: viewer === ada }),
      );
    }

    const byRemoved = await approve(grace, approval._id);
    expect(byRemoved.statusCode).toBe(403);
    expect(byRemoved.json()).toEqual({ msg: ownRemovalMessage });
    // Nor can the admin being removed block it by rejecting it.
    const rejectedByRemoved = await call(grace, 'POST', `/admin/approvals/${approval._id}/reject`, {
      reason: 'I would rather stay',
    });
    expect(rejectedByRemoved.statusCode).toBe(403);
    expect(rejectedByRemoved.json()).toEqual({
      msg: 'This proposal removes you: another admin must decide it.',
    });
    expect((await approve(ada, approval._id)).statusCode).toBe(403);
    const approved = await approve(ivan, approval._id);
    expect(approved.statusCode, approved.body).toBe(200);

    expect((await call(grace, 'GET', '/users/user-info')).statusCode).toBe(401);
    expect((await signIn(app, grace)).role).toBe('user');
    expect((await team()).items.map((item) => item._id).sort()).toEqual([ada.id, ivan.id].sort());
    expect((await auditActions('admin.remove')).at(-1)).toMatchObject({
      actor_id: ivan.id,
      target_type: 'user',
      details: { proposedById: ada.id, approvalId: approval._id },
    });
    // Someone who is not an admin is not removed.
    const notAdmin = await proposeRemoval(ada, grace.id);
    expect(notAdmin.statusCode).toBe(404);
    expect(notAdmin.json()).toEqual({ msg: notAdminMessage });
  });

  it('with two admins, one may leave with the other approving, but not push the other out', async () => {
    const pushed = await proposeRemoval(ada, ivan.id);
    expect(pushed.statusCode).toBe(409);
    expect(pushed.json()).toEqual({ msg: noApproverMessage });
    const leaving = await proposeRemoval(ivan, ivan.id);
    expect(leaving.statusCode, leaving.body).toBe(202);
    expect((await approve(ada, leaving.json().approval._id)).statusCode).toBe(200);
    expect((await team()).items.map((item) => item._id)).toEqual([ada.id]);
  });

  it('never removes the last admin', async () => {
    const last = await proposeRemoval(ada, ada.id);
    expect(last.statusCode).toBe(409);
    expect(last.json()).toEqual({ msg: lastAdminMessage });
  });
});

describe('step-up codes and two-factor', () => {
  let clock = Date.now();
  function nextStep(): Date {
    clock = Math.max(clock, Date.now()) + 30_000;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(clock);
    return new Date(clock);
  }

  it('an admin with two-factor on invites only with a fresh code from the app', async () => {
    const setup = await call(ada, 'POST', '/auth/two-factor/setup');
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret } = setup.json() as { secret: string };
    const enabled = await call(ada, 'POST', '/auth/two-factor/enable', {
      password: ada.password,
      code: totpCode(secret, nextStep()),
    });
    expect(enabled.statusCode, enabled.body).toBe(200);

    const email = uniqueEmail('strict');
    const noCode = await inviteAdmin(app, ada, email);
    expect(noCode.statusCode).toBe(403);
    expect(noCode.json()).toEqual({ msg: stepUpCodeNeededMessage });
    expect((await inviteAdmin(app, ada, email, '000000')).statusCode).toBe(403);
    const invited = await inviteAdmin(app, ada, email, totpCode(secret, nextStep()));
    expect(invited.statusCode, invited.body).toBe(201);
    expect((await team()).items.find((item) => item._id === ada.id)?.twoFactorEnabled).toBe(true);
    vi.useRealTimers();

    // Where admins must use two-factor, the invited admin sets it up before anything else.
    const strictApp = await createTestApp({ ADMIN_TWO_FACTOR: 'required' });
    try {
      const password = strongPassword();
      expect((await acceptInvitation(app, await invitationLinkFor(email), { password })).statusCode).toBe(
        200,
      );
      const session = await signIn(strictApp, { email, password });
      const headers = { authorization: `Bearer ${session.token}` };
      const refused = await strictApp.inject({ method: 'GET', url: '/api/v1/admin/admins', headers });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ msg: twoFactorRequiredMessage });
      const security = await strictApp.inject({ method: 'GET', url: '/api/v1/auth/security', headers });
      expect(security.statusCode).toBe(200);
    } finally {
      await strictApp.close();
    }
  });
});
