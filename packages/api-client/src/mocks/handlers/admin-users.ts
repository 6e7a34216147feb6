import { adminUserDetails, adminUsers, janeAsAdminSees } from '../fixtures/admin-users';
import { auditLog } from '../fixtures/audit-log';
import { janeLedger } from '../fixtures/ledger';
import { ledgerEntryProposed, notificationSaved } from '../fixtures/submissions';
import { jsonOperation } from '../mock-operation';
import { createdWithin, pageOf, textParam, uuidParam } from '../pages';

export const adminUserMocks = {
  /** `q` matches part of an email or a name, case-insensitively, as the server's search does. */
  adminListUsers: jsonOperation('adminListUsers', 'get', '/admin/users', {
    status: 200,
    fixture: ({ url }) => {
      const q = textParam(url.searchParams, 'q', 100)?.toLowerCase();
      const rows = adminUsers.filter(
        (user) =>
          q === undefined || user.email.toLowerCase().includes(q) || user.fullname.toLowerCase().includes(q),
      );
      return pageOf(rows, url.searchParams);
    },
  }),
  /** The account asked for, with its figures; Jane for an id no fixture has. */
  adminGetUser: jsonOperation('adminGetUser', 'get', '/admin/users/{userId}', {
    status: 200,
    fixture: ({ params }) => adminUserDetails.get(String(params.userId)) ?? janeAsAdminSees,
  }),
  /** Jane's ledger, whichever user is asked for (only she has a full history), paged as the server pages it. */
  adminListLedgerEntries: jsonOperation(
    'adminListLedgerEntries',
    'get',
    '/admin/users/{userId}/ledger-entries',
    {
      status: 200,
      fixture: ({ url }) => pageOf(janeLedger, url.searchParams),
    },
  ),
  adminPostLedgerEntry: jsonOperation(
    'adminPostLedgerEntry',
    'post',
    '/admin/users/{userId}/ledger-entries',
    {
      status: 202,
      fixture: () => ledgerEntryProposed,
    },
  ),
  adminSetNotification: jsonOperation('adminSetNotification', 'put', '/admin/users/{userId}/notification', {
    status: 200,
    fixture: () => notificationSaved,
  }),
  adminListAuditLog: jsonOperation('adminListAuditLog', 'get', '/admin/audit-log', {
    status: 200,
    fixture: ({ url }) => {
      const actorId = uuidParam(url.searchParams, 'actorId');
      const action = textParam(url.searchParams, 'action', 100);
      const userId = uuidParam(url.searchParams, 'userId');
      const inWindow = createdWithin(url.searchParams);
      const rows = auditLog.filter(
        (entry) =>
          inWindow(entry) &&
          (userId === undefined || entry.user?._id === userId) &&
          (actorId === undefined || entry.actor._id === actorId) &&
          (action === undefined || entry.action === action),
      );
      return pageOf(rows, url.searchParams);
    },
  }),
};
