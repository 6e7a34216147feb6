import { decided, pendingApprovals } from '../fixtures/approvals';
import { jsonOperation } from '../mock-operation';
import { enumParam, pageOf, uuidParam } from '../pages';

const proposalOf = (approvalId: unknown) =>
  pendingApprovals.find((approval) => approval._id === approvalId) ??
  pendingApprovals[1] ??
  pendingApprovals[0];

export const approvalMocks = {
  /** The pending proposals (any other status: none yet), for one user's postings when `userId` is given. */
  adminListApprovals: jsonOperation('adminListApprovals', 'get', '/admin/approvals', {
    status: 200,
    fixture: ({ url }) => {
      const status = enumParam(url.searchParams, 'status', ['pending', 'approved', 'rejected']);
      const userId = uuidParam(url.searchParams, 'userId');
      const rows = pendingApprovals
        .filter((approval) => status === undefined || status === approval.status)
        .filter((approval) => userId === undefined || approval.posting?.user._id === userId)
        .map((approval) => ({ ...approval, createdAt: approval.proposedAt }));
      const page = pageOf(rows, url.searchParams);
      return { ...page, items: page.items.map(({ createdAt: _, ...approval }) => approval) };
    },
  }),
  adminApproveApproval: jsonOperation(
    'adminApproveApproval',
    'post',
    '/admin/approvals/{approvalId}/approve',
    {
      status: 200,
      fixture: ({ params }) => {
        const approval = proposalOf(params.approvalId);
        if (!approval) throw new Error('No proposal fixture');
        return { msg: 'Approved and applied', approval: decided(approval, 'approved') };
      },
    },
  ),
  adminRejectApproval: jsonOperation('adminRejectApproval', 'post', '/admin/approvals/{approvalId}/reject', {
    status: 200,
    fixture: async ({ params, request }) => {
      const approval = proposalOf(params.approvalId);
      if (!approval) throw new Error('No proposal fixture');
      const body: unknown = await request.json().catch(() => null);
      const reason =
        typeof body === 'object' && body !== null && 'reason' in body && typeof body.reason === 'string'
          ? body.reason
          : 'Rejected';
      return { msg: 'Proposal rejected', approval: decided(approval, 'rejected', reason) };
    },
  }),
};
