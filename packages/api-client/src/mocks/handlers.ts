import type { HttpHandler } from 'msw';
import { adminRequestMocks } from './handlers/admin-requests';
import { adminSummaryMocks } from './handlers/admin-summary';
import { adminTeamMocks } from './handlers/admin-team';
import { adminUserMocks } from './handlers/admin-users';
import { adminWalletMocks } from './handlers/admin-wallets';
import { approvalMocks } from './handlers/approvals';
import { authMocks } from './handlers/auth';
import { eventMocks } from './handlers/events';
import { filesMocks } from './handlers/files';
import { kycMocks } from './handlers/kyc';
import { marketMocks } from './handlers/market';
import { moneyMocks } from './handlers/money';
import { publicMocks } from './handlers/public';
import { securityMocks } from './handlers/security';
import { tradingMocks } from './handlers/trading';
import { usersMocks } from './handlers/users';
import { withdrawalAddressMocks } from './handlers/withdrawal-addresses';
import type { OperationId, OperationMock, SuccessBody } from './mock-operation';

/**
 * One mock per operation of the contract, by operationId. The type refuses a missing operation, so a
 * new operation in `openapi.yaml` fails the typecheck (after `pnpm gen`) until it has a mock.
 */
export const mocks = {
  ...authMocks,
  ...publicMocks,
  ...marketMocks,
  ...usersMocks,
  ...moneyMocks,
  ...kycMocks,
  ...filesMocks,
  ...adminRequestMocks,
  ...adminSummaryMocks,
  ...adminWalletMocks,
  ...adminUserMocks,
  ...adminTeamMocks,
  ...approvalMocks,
  ...securityMocks,
  ...withdrawalAddressMocks,
  ...eventMocks,
  ...tradingMocks,
} satisfies { [Op in OperationId]: OperationMock<SuccessBody<Op>> };

// `never` bodies: every mock fits, and the defaults are made without a body.
const everyMock: OperationMock<never>[] = Object.values(mocks);

/** The success answer of every operation with its default fixture: Storybook's starting point. */
export const defaultHandlers: HttpHandler[] = everyMock.map((mock) => mock());
