import { adminUsers, janeWithLedger } from '../fixtures/admin-users';
import { auditLog } from '../fixtures/audit-log';
import { ledgerEntryPosted, notificationSaved } from '../fixtures/submissions';
import { jsonOperation } from '../mock-operation';
import { pageOf, textParam, uuidParam } from '../pages';

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
  /** Jane and her ledger, whichever user is asked for: only she has a full history in the fixtures. */
  adminGetUser: jsonOperation('adminGetUser', 'get', '/admin/users/{userId}', {
    status: 200,
    fixture: () => janeWithLedger,
  }),
  adminPostLedgerEntry: jsonOperation(
    'adminPostLedgerEntry',
    'post',
    '/admin/users/{userId}/ledger-entries',
    {
      status: 201,
      fixture: () => ledgerEntryPosted,
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
      const rows = auditLog.filter(
        (entry) =>
          (actorId === undefined || entry.actor._id === actorId) &&
          (action === undefined || entry.action === action),
      );
      return pageOf(rows, url.searchParams);
    },
  }),
};
