import { kycHistory } from '../fixtures/kyc';
import { kycCreated } from '../fixtures/submissions';
import { jsonOperation } from '../mock-operation';

export const kycMocks = {
  listKyc: jsonOperation('listKyc', 'get', '/kyc', { status: 200, fixture: () => kycHistory }),
  submitKyc: jsonOperation('submitKyc', 'post', '/kyc', { status: 201, fixture: () => kycCreated }),
};
