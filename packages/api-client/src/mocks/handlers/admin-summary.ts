import { adminSummary } from '../fixtures/admin-summary';
import { jsonOperation } from '../mock-operation';

export const adminSummaryMocks = {
  /** The queues and trial balance of the fixtures' day; pass `emptyAdminSummary` for a new platform. */
  adminGetSummary: jsonOperation('adminGetSummary', 'get', '/admin/summary', {
    status: 200,
    fixture: () => adminSummary,
  }),
};
