/**
 * `@ledgerline/api-client/mocks`: msw handlers for every operation of the v1 contract, and the fixtures
 * they answer with. In a story: `parameters: { msw: { handlers: [mocks.listKyc.slow()] } }`.
 */
export * as fixtures from './fixtures';
export { defaultHandlers, mocks } from './handlers';
export type { ErrorStatus, MockRequest, OperationMock, SentRequest, SuccessBody } from './mock-operation';
export { pageOf } from './pages';
