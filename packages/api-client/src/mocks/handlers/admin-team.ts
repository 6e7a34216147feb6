import {
  adminTeam,
  graceInvitation,
  invitationAccepted,
  invitationCancelled,
  invitationMade,
  teamChangeProposed,
} from '../fixtures/admin-team';
import { ada } from '../fixtures/people';
import { jsonOperation } from '../mock-operation';

/** The email a request's JSON body names, or Grace's. */
async function emailOf(request: Request): Promise<string> {
  const body: unknown = await request.json().catch(() => null);
  return typeof body === 'object' && body !== null && 'email' in body && typeof body.email === 'string'
    ? body.email.trim().toLowerCase()
    : 'grace.hopper@example.com';
}

export const adminTeamMocks = {
  /** The signed-in admin and Ada, and Grace's invitation. */
  adminListAdmins: jsonOperation('adminListAdmins', 'get', '/admin/admins', {
    status: 200,
    fixture: () => adminTeam,
  }),
  /** Made at once (one admin); a story with two admins answers `teamChangeProposed` instead. */
  adminInviteAdmin: jsonOperation('adminInviteAdmin', 'post', '/admin/admins', {
    status: 201,
    fixture: async ({ request }) => invitationMade(await emailOf(request)),
  }),
  /** Proposed: another admin approves every removal. */
  adminRemoveAdmin: jsonOperation('adminRemoveAdmin', 'delete', '/admin/admins/{userId}', {
    status: 202,
    fixture: ({ params }) => {
      const member = adminTeam.items.find((item) => item._id === params.userId) ?? adminTeam.items[0];
      const user = member ? { _id: member._id, fullname: member.fullname, email: member.email } : ada;
      return teamChangeProposed({ change: 'remove', email: user.email, user });
    },
  }),
  /** Cancelled at once: one admin alone may take a way in away. */
  adminCancelAdminInvitation: jsonOperation(
    'adminCancelAdminInvitation',
    'delete',
    '/admin/admin-invitations/{invitationId}',
    {
      status: 200,
      fixture: ({ params }) =>
        invitationCancelled(
          (adminTeam.invitations.find((item) => item._id === params.invitationId) ?? graceInvitation).email,
        ),
    },
  ),
  acceptAdminInvitation: jsonOperation('acceptAdminInvitation', 'post', '/auth/admin-invitation/accept', {
    status: 200,
    fixture: () => invitationAccepted,
  }),
};
